/*
 * After the frontend build: a Brotli (.br) and a gzip (.gz) copy beside each text file of
 * dist/ (bundles, styles, pages), which the backend sends to clients that accept them
 * (backend/core/precompressed.ts), so no request pays for compression.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const TEXT = new Set(['.js', '.css', '.html', '.svg', '.txt'])
// Below this a compressed response saves less than its headers cost.
const MIN_BYTES = 1024

export function compressBuild(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) compressBuild(path)
      continue
    }
    if (!TEXT.has(extname(entry.name))) continue
    const bytes = readFileSync(path)
    if (bytes.length < MIN_BYTES) continue
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }))
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    )
  }
}
