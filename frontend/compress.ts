/*
 * After the frontend build: a Brotli (.br) and a gzip (.gz) copy beside each text file of
 * dist/ (bundles, styles, pages), which the backend sends to clients that accept them
 * (backend/core/precompressed.ts), so no request pays for compression. The files compress
 * side by side on libuv's thread pool (the same bytes as one after another, in a fraction of
 * the time on more than one core; docs/decisions/0272).
 */
import { readdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const TEXT = new Set(['.js', '.css', '.html', '.svg', '.txt'])
// Below this a compressed response saves less than its headers cost.
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

function textFiles(dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) files.push(...textFiles(path))
    } else if (TEXT.has(extname(entry.name))) files.push(path)
  }
  return files
}

async function compressFile(path: string) {
  const bytes = await readFile(path)
  if (bytes.length < MIN_BYTES) return
  const [gz, br] = await Promise.all([
    gzipped(bytes, { level: 9 }),
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ])
  await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)])
}

export async function compressBuild(dir: string) {
  await Promise.all(textFiles(dir).map(compressFile))
}
