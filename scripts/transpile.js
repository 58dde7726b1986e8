/*
 * The server's and the CLI's TypeScript to JavaScript, file by file with SWC (scripts/build-server.js,
 * docs/decisions/0272): the options of the TypeScript loader the tests run on (@poppinss/ts-exec).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * @swc/core (a development dependency, the version the TypeScript loader runs on), or null
 * where it is not installed (a production install): build-server.js then falls back to tsc.
 */
export async function loadSwc() {
  try {
    const swc = await import('@swc/core')
    return swc.default ?? swc
  } catch {
    return null
  }
}

/** The .ts files (not .d.ts) under `dir`, the build and the packages left out. */
export function typescriptFiles(dir) {
  if (!existsSync(dir)) return []
  const files = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'build')
        files.push(...typescriptFiles(path))
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path)
  }
  return files
}

/** The options ts-exec gives SWC for tsconfig.json (experimental decorators with metadata). */
export function swcOptions({ decorators }) {
  return {
    swcrc: false,
    configFile: false,
    sourceMaps: false,
    module: { type: 'es6' },
    jsc: {
      target: 'esnext',
      externalHelpers: false,
      parser: { syntax: 'typescript', tsx: false, decorators, dynamicImport: true },
      transform: decorators ? { decoratorMetadata: true, legacyDecorator: true } : {},
      experimental: { keepImportAttributes: true },
      keepClassNames: true,
      rewriteRelativeImportExtensions: true,
    },
  }
}

const relativeImport = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g

/**
 * Transpiles `entries` and every relative .ts file they import (as tsc follows imports out of
 * its include list: the contract's constants, the CLI's test helpers) into build/, keeping the
 * layout. `base` is the folder build/ mirrors for these files.
 */
export async function transpile(swc, entries, options, outDir, base = '.') {
  const seen = new Set(entries.map((file) => resolve(file)))
  const queue = [...seen]
  const running = new Set()
  const one = async (file) => {
    const { code } = await swc.transformFile(file, { ...options, filename: file })
    const out = join(outDir, relative(resolve(base), file)).replace(/\.ts$/, '.js')
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, code)
    const source = readFileSync(file, 'utf8')
    for (const [, specifier] of source.matchAll(relativeImport)) {
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'))
      if (target.endsWith('.ts') && !seen.has(target) && existsSync(target)) {
        seen.add(target)
        queue.push(target)
      }
    }
  }
  // A few at a time: SWC's async transforms run on its own threads.
  while (queue.length || running.size) {
    while (queue.length && running.size < 16) {
      const task = one(queue.shift()).finally(() => running.delete(task))
      running.add(task)
    }
    await Promise.race(running)
  }
  return seen.size
}
