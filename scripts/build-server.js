/*
 * `npm run build:server`: the backend compiled to JavaScript in build/, so `npm start` runs
 * plain JavaScript instead of compiling TypeScript at run time. Type errors are the typecheck's
 * job (`npm run typecheck`); this only emits, the operator CLI into build/cli. build/ keeps the repository's layout (the
 * package.json `imports` resolve inside it) and links what the server reads at run time from
 * the repository: docs (the API contract), frontend (the built app), legal (the agreement),
 * tmp (the SQLite file) and .env. Packages resolve from the repository's node_modules.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)

rmSync('build', { recursive: true, force: true })
const tsc = spawnSync(
  'npx',
  [
    'tsc',
    '-p',
    'tsconfig.json',
    '--outDir',
    'build',
    '--noCheck',
    '--sourceMap',
    'false',
    '--declaration',
    'false',
  ],
  { stdio: 'inherit' }
)
if (tsc.status !== 0) process.exit(tsc.status ?? 1)
// The operator CLI too (build/cli): its bin runs this where the TypeScript loader, a dev
// dependency, is not installed (docs/operations.md, "The operator CLI").
const cli = spawnSync('npx', ['tsc', '-p', 'cli/tsconfig.build.json', '--noCheck'], {
  stdio: 'inherit',
})
if (cli.status !== 0) process.exit(cli.status ?? 1)

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
