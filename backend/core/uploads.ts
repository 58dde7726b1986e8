import type { HttpRequest } from '@adonisjs/core/http'

export type ReceivedUpload = { name: string; bytes: Buffer; size: number }

/**
 * Reads the one file of a multipart request (field `field`) into memory, keeping at most
 * `maxBytes` (a larger file is drained and reported by its size, never stored). The other
 * fields are in `request.all()` afterwards. Null when no file came.
 */
export async function readSingleUpload(
  request: HttpRequest,
  field: string,
  maxBytes: number
): Promise<ReceivedUpload | null> {
  let received: { name: string; chunks: Buffer[]; size: number } | null = null
  request.multipart.onFile(field, {}, async (part, reporter) => {
    const file = { name: part.filename ?? '', chunks: [] as Buffer[], size: 0 }
    received = file
    for await (const chunk of part) {
      await reporter(chunk)
      file.size += chunk.length
      if (file.size <= maxBytes) file.chunks.push(chunk)
    }
  })
  await request.multipart.process()
  const file = received as { name: string; chunks: Buffer[]; size: number } | null
  if (!file) return null
  return { name: file.name, bytes: Buffer.concat(file.chunks), size: file.size }
}
