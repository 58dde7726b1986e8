import { inflateSync } from 'node:zlib'

/**
 * Each string a pdf-lib PDF draws, in order: its content streams, each read by its dictionary's
 * /Length (a compressed stream may end in a carriage return a pattern up to "endstream" would
 * cut off), inflated when compressed, and the hex string of each `Tj` decoded.
 */
export function drawnStrings(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1')
  const shown: string[] = []
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length
    const body = raw.slice(start, start + Number(match[1]))
    let content = body
    try {
      content = inflateSync(Buffer.from(body, 'latin1')).toString('latin1')
    } catch {
      // not compressed
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) {
      shown.push(Buffer.from(hex, 'hex').toString('latin1'))
    }
  }
  return shown
}

/** The strings a PDF draws, one a line. */
export function pdfText(bytes: Uint8Array): string {
  return drawnStrings(bytes).join('\n')
}
