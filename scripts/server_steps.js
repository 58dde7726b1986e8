/*
 * The steps `npm start` (the demo, scripts/start.js) and `npm run serve` (production,
 * scripts/serve.js) share: the Node check, the builds when their sources changed, the
 * migration, and the server itself (docs/operations.md, "Start").
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Exits with what to do when this Node is older than the product's (package.json engines). */
export function requireNode24(command) {
  const major = Number(process.versions.node.split('.')[0])
  if (major >= 24) return
  console.error(
    `✖ PalletLine needs Node 24 or newer; this is Node ${process.versions.node}.\n` +
      '  Run `. scripts/node24.sh` in this shell first (it installs Node 24 from the npm registry\n' +
      `  once and puts it first on PATH; README, "Set up"), then \`${command}\` again.`
  )
  process.exit(1)
}

/** Whether .env or the environment sets `name` (an explicit setting wins over a default). */
export function isSet(name) {
  if (name in process.env) return true
  return existsSync('.env') && new RegExp(`^${name}=`, 'm').test(readFileSync('.env', 'utf8'))
}

export function run(label, command, args, env) {
  console.log(`▸ ${label}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`)
    process.exit(result.status ?? 1)
  }
}

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

const builtIndex = 'frontend/dist/index.html'
// The build's own steps (the prerender, the compressed copies) count as sources too.
const frontendFiles = [
  'frontend/index.html',
  'frontend/vite.config.ts',
  'frontend/prerender.ts',
  'frontend/compress.ts',
]
const builtServer = 'build/.built'
const serverSources = ['backend', 'database', 'plugins', 'docs', 'cli/src']

function frontendChanged() {
  if (!existsSync(builtIndex)) return true
  const built = statSync(builtIndex).mtimeMs
  return (
    newestMtime('frontend/src') > built ||
    frontendFiles.some((file) => existsSync(file) && statSync(file).mtimeMs > built)
  )
}

function serverChanged() {
  if (!existsSync(builtServer)) return true
  const built = statSync(builtServer).mtimeMs
  return (
    serverSources.some((dir) => existsSync(dir) && newestMtime(dir) > built) ||
    statSync('adonisrc.ts').mtimeMs > built
  )
}

/** Whether the build tools (dev dependencies) are installed: not in `npm ci --omit=dev`. */
function buildToolsInstalled() {
  return existsSync('node_modules/vite') && existsSync('node_modules/typescript')
}

/**
 * Builds the frontend and compiles the server (build/) when missing or older than their
 * sources. Without the dev dependencies a shipped build is served as it is; none at all stops.
 */
export function buildIfNeeded(env) {
  const stale = { frontend: frontendChanged(), server: serverChanged() }
  if (!stale.frontend && !stale.server) return
  if (!buildToolsInstalled()) {
    if (existsSync(builtIndex) && existsSync(builtServer)) {
      console.log('▸ Serving the shipped build (the build tools are not installed)')
      return
    }
    console.error(
      '✖ No build, and no build tools (dev dependencies) to make one: run `npm run build` where\n' +
        '  they are installed and ship build/ and frontend/dist with the release\n' +
        '  (docs/operations.md, "Production start").'
    )
    process.exit(1)
  }
  if (stale.frontend)
    run(
      'Building the frontend',
      'npx',
      ['vite', 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'],
      env
    )
  if (stale.server) run('Compiling the server', 'node', ['scripts/build-server.js'], env)
}

export function migrate(env) {
  run(
    'Migrating the database',
    'node',
    ['build/ace.js', 'migration:run', '--force', '--compact-output'],
    env
  )
}

/**
 * Starts the compiled server with `env`, passes SIGINT and SIGTERM on, exits with it, and
 * resolves with its URL once /api/health answers (or after a minute of trying).
 */
export async function serve(env) {
  const server = spawn('node', ['build/backend/bin/server.js'], { stdio: 'inherit', env })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
  server.on('exit', (code) => process.exit(code ?? 0))

  const host = env.HOST ?? '0.0.0.0'
  const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${env.PORT ?? '3333'}`
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500))
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {}
  }
  return url
}
