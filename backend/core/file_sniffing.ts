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

/**
 * The name a user's file is shown and downloaded under (decision 0184): its last path segment,
 * without control characters, quotes or path separators, whitespace collapsed, at most 160
 * characters with its extension kept; null when nothing usable is left.
 */
export function sanitiseFileName(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? ''
  const clean = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"*:<>?|;]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  if (!clean) return null
  if (clean.length <= 160) return clean
  const dot = clean.lastIndexOf('.')
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : ''
  return clean.slice(0, 160 - ext.length) + ext
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`
}
