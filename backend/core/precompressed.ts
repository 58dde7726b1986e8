import { stat } from 'node:fs/promises'

/**
 * The frontend build writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * (frontend/compress.ts), so the server sends compressed files without compressing per request.
 */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

export type Precompressed = (typeof VARIANTS)[number]

/** The smallest copy of `file` the client accepts (`request.encodings()`), if the build made it. */
export async function precompressedCopy(
  file: string,
  accepted: string[]
): Promise<Precompressed | null> {
  for (const variant of VARIANTS) {
    if (!accepted.includes(variant.encoding)) continue
    const exists = await stat(file + variant.suffix).then(
      (s) => s.isFile(),
      () => false
    )
    if (exists) return variant
  }
  return null
}
