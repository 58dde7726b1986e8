/** The longest side of a photo sent from the phone (docs/decisions/0243). */
export const MAX_PHOTO_SIDE = 1600

/**
 * The size a `width` × `height` photo is drawn at so neither side passes `max`, keeping its
 * shape; a photo already small enough keeps its size. Whole pixels, at least 1.
 */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_SIDE) {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 }
  const scale = Math.min(1, max / Math.max(width, height))
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/** A camera photo redrawn on a canvas at most 1600 px on its longest side, as a JPEG data URL. */
export async function resizePhoto(file: Blob, quality = 0.82): Promise<string> {
  const bitmap = await createImageBitmap(file)
  const size = fitWithin(bitmap.width, bitmap.height)
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot prepare photos')
  context.drawImage(bitmap, 0, 0, size.width, size.height)
  bitmap.close()
  return canvas.toDataURL('image/jpeg', quality)
}

/** A data URL's bytes as a Blob (the queue keeps photos as data URLs). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, data] = dataUrl.split(',', 2)
  const mime = /data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream'
  const binary = atob(data)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
  return new Blob([bytes], { type: mime })
}
