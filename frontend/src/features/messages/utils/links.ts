/** A message's text cut into plain text and the web addresses in it (decision 0230). */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; url: URL }

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]]+$/

export function splitLinks(body: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of body.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '')
    const start = match.index ?? 0
    let url: URL | null = null
    try {
      url = new URL(raw)
    } catch {
      url = null
    }
    if (!url) continue
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) })
    parts.push({ kind: 'link', text: raw, url })
    last = start + raw.length
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) })
  return parts
}

/** An address on PalletLine itself opens directly; any other host only after a warning. */
export function isKnownHost(url: URL, origin: string): boolean {
  try {
    return url.origin === new URL(origin).origin
  } catch {
    return false
  }
}
