/*
 * `npm run build:server`: the backend compiled to JavaScript in build/, so `npm start` runs
 * plain JavaScript instead of compiling TypeScript at run time. Type errors are the typecheck's
 * job (`npm run typecheck`); this only emits, the operator CLI into build/cli. build/ keeps the repository's layout (the
 * package.json `imports` resolve inside it) and links what the server reads at run time from
 * the repository: docs (the API contract), frontend (the built app), legal (the agreement),
 * tmp (the SQLite file) and .env. Packages resolve from the repository's node_modules.
 *
 * Each file is transpiled on its own by SWC with the options of the TypeScript loader the tests
 * and `npm run dev` run on (@poppinss/ts-exec), so the build runs the code as the tests did, in
 * about a second instead of the half minute or more `tsc` takes to load the whole program
 * (docs/decisions/0272). Without SWC it falls back to `tsc --noCheck`.
 */
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)

/** @swc/core as the TypeScript loader has it (its dependency), or null without the loader. */
function loadSwc() {
  try {
    return createRequire(import.meta.resolve('@poppinss/ts-exec'))('@swc/core')
  } catch {
    return null
  }
}

/** The .ts files (not .d.ts) under `dir`, the build and the packages left out. */
function typescriptFiles(dir) {
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
function swcOptions({ decorators }) {
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
async function transpile(swc, entries, options, outDir, base = '.') {
  const seen = new Set(entries.map((file) => resolve(file)))
  const queue = [...seen]
  const running = new Set()
  const one = async (file) => {
    const { code } = await swc.transformFile(file, { ...options, filename: file })
    const out = join(outDir, relative(resolve(base), file)).replace(/\.ts$/, '.js')
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, code)
    const source = await import('node:fs').then((fs) => fs.readFileSync(file, 'utf8'))
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

function tsc(args) {
  const result = spawnSync('npx', ['tsc', ...args], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

rmSync('build', { recursive: true, force: true })
const swc = loadSwc()
if (swc) {
  const started = performance.now()
  const server = await transpile(
    swc,
    ['adonisrc.ts', ...['backend', 'database', 'plugins', 'bench'].flatMap(typescriptFiles)],
    swcOptions({ decorators: true }),
    'build'
  )
  // The operator CLI (build/cli): its bin runs this where the TypeScript loader, a dev
  // dependency, is not installed (docs/operations.md, "The operator CLI").
  const cli = await transpile(
    swc,
    typescriptFiles('cli/src'),
    swcOptions({ decorators: false }),
    'build/cli',
    'cli'
  )
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`  ${server} server and ${cli} CLI files transpiled in ${seconds} s`)
} else {
  tsc([
    '-p',
    'tsconfig.json',
    '--outDir',
    'build',
    '--noCheck',
    '--sourceMap',
    'false',
    '--declaration',
    'false',
  ])
  // The operator CLI too (build/cli): its bin runs this where the TypeScript loader, a dev
  // dependency, is not installed (docs/operations.md, "The operator CLI").
  tsc(['-p', 'cli/tsconfig.build.json', '--noCheck'])
}

copyFileSync('package.json', 'build/package.json')
copyFileSync('database/demo_accounts.json', 'build/database/demo_accounts.json')
// The demo FMCSA census the census_file vetting driver reads (backend/config/carrier_vetting.ts).
copyFileSync('database/data/fmcsa_census.json', 'build/database/data/fmcsa_census.json')
writeFileSync(
  'build/ace.js',
  "// Ace for the compiled build (no TypeScript loader).\nawait import('./backend/bin/console.js')\n"
)
mkdirSync('tmp', { recursive: true })
// .env may not exist yet: the link is made anyway and read once it does.
for (const name of ['docs', 'frontend', 'legal', 'tmp', '.env']) {
  symlinkSync(join('..', name), join('build', name))
}
writeFileSync('build/.built', new Date().toISOString())
console.log('✔ backend compiled to build/')
