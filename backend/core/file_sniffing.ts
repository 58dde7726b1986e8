/** The file kinds a carrier may upload, recognised by their first bytes, not their name. */
export type UploadKind = { mime: 'application/pdf' | 'image/jpeg' | 'image/png'; extension: string }

const PDF = Buffer.from('%PDF-')
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const JPEG = Buffer.from([0xff, 0xd8, 0xff])

/** What the bytes are, or null when they are none of PDF, JPEG or PNG. */
export function sniffUpload(bytes: Buffer): UploadKind | null {
  const starts = (magic: Buffer) => bytes.subarray(0, magic.length).equals(magic)
  if (starts(PDF)) return { mime: 'application/pdf', extension: 'pdf' }
  if (starts(PNG)) return { mime: 'image/png', extension: 'png' }
  if (starts(JPEG)) return { mime: 'image/jpeg', extension: 'jpg' }
  return null
}

/** The file name's extension agrees with what the bytes are (.jpeg and .jpg both JPEG). */
export function extensionMatches(fileName: string, kind: UploadKind): boolean {
  const ext = fileName.toLowerCase().split('.').pop() ?? ''
  return ext === kind.extension || (kind.extension === 'jpg' && ext === 'jpeg')
}
