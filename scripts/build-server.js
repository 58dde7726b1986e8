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
import { loadSwc, swcOptions, transpile, typescriptFiles } from './transpile.js'
import { copyFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)

function tsc(args) {
  const result = spawnSync('npx', ['tsc', ...args], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

rmSync('build', { recursive: true, force: true })
const swc = await loadSwc()
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
