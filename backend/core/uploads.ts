import type { HttpRequest } from '@adonisjs/core/http'
import {
  extensionMatches,
  sanitiseFileName,
  sniffUpload,
  type UploadKind,
} from '#core/file_sniffing'
import { PayloadTooLargeException } from '#core/exceptions/http_errors'
import { validationError } from '#core/validation'

/** The largest file any upload takes (documents, certificates, attachments, evidence): 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

export type ReceivedUpload = { name: string; bytes: Buffer; size: number }

/** An upload that passed `checkUpload`: its bytes, what they are, and the name shown for it. */
export type CheckedUpload = { bytes: Buffer; kind: UploadKind; name: string }

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
  // A body that was not multipart (JSON, say) was parsed already and carries no file: the
  // multipart reader only exists for a multipart request.
  if (!request.multipart) return null
  let received: { name: string; chunks: Buffer[]; size: number } | null = null
  request.multipart.onFile(field, {}, async (part, reporter) => {
    const file = { name: part.filename ?? '', chunks: [] as Buffer[], size: 0 }
    received = file
    for await (const chunk of part) {
      await reporter(chunk)
      file.size += chunk.length
      // Past the limit keep reading (the request must be drained) but keep nothing.
      if (file.size <= maxBytes) file.chunks.push(chunk)
    }
  })
  await request.multipart.process()
  const file = received as { name: string; chunks: Buffer[]; size: number } | null
  if (!file) return null
  return { name: file.name, bytes: Buffer.concat(file.chunks), size: file.size }
}

/**
 * The checks every upload passes: a file came (422 naming `field`), within `maxBytes` (413),
 * a PDF, JPEG or PNG by its first bytes and named with that kind's extension (422 naming
 * `field`). The name is the one shown and downloaded (decision 0184).
 */
export function checkUpload(
  file: ReceivedUpload | null,
  field = 'file',
  maxBytes = MAX_UPLOAD_BYTES
): CheckedUpload {
  if (!file || file.size === 0) {
    throw validationError([{ field, message: 'A file is required', rule: 'required' }])
  }
  if (file.size > maxBytes) {
    const megabytes = Math.round(maxBytes / (1024 * 1024))
    throw new PayloadTooLargeException(`File too large: the limit is ${megabytes} MB`)
  }
  const kind = sniffUpload(file.bytes)
  const name = sanitiseFileName(file.name)
  if (!kind || !name || !extensionMatches(file.name, kind)) {
    throw validationError([
      {
        field,
        message: 'The file must be a PDF, JPEG or PNG, named with its own extension',
        rule: 'fileType',
      },
    ])
  }
  return { bytes: file.bytes, kind, name }
}
