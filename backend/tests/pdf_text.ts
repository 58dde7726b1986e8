import { inflateSync } from 'node:zlib'

/**
 * Each content stream of a PDF, inflated when compressed. Each is read by its dictionary's
 * /Length, never up to the next "endstream": a compressed stream may itself end in a carriage
 * return (its last checksum byte), which a pattern would take as part of the line break.
 */
export function contentStreams(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1')
  const streams: string[] = []
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length
    const body = raw.slice(start, start + Number(match[1]))
    try {
      streams.push(inflateSync(Buffer.from(body, 'latin1')).toString('latin1'))
    } catch {
      streams.push(body) // not compressed
    }
  }
  return streams
}

/** Each string a pdf-lib PDF draws, in order: the hex string of each `Tj`, decoded. */
export function drawnStrings(bytes: Uint8Array): string[] {
  return contentStreams(bytes).flatMap((content) =>
    [...content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)].map(([, hex]) =>
      Buffer.from(hex, 'hex').toString('latin1')
    )
  )
}

/** The strings a PDF draws, one a line. */
export function pdfText(bytes: Uint8Array): string {
  return drawnStrings(bytes).join('\n')
}
