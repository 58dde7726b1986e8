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

/** `run` that lets other steps go on meanwhile: resolves when the command succeeds. */
export function runAlongside(label, command, args, env) {
  console.log(`▸ ${label}`)
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env })
    child.on('error', (error) => {
      console.error(`✖ ${label} failed: ${error.message}`)
      process.exit(1)
    })
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve()
      console.error(`✖ ${label} failed`)
      process.exit(code ?? (signal ? 1 : 0))
    })
  })
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
 * Starts building the frontend and compiling the server (build/) when missing or older than
 * their sources, side by side (docs/decisions/0272): `server` resolves when build/ is ready,
 * `frontend` when frontend/dist is. Without the dev dependencies a shipped build is served as it
 * is; none at all stops.
 */
export function startBuilds(env) {
  const done = { server: Promise.resolve(), frontend: Promise.resolve() }
  const stale = { frontend: frontendChanged(), server: serverChanged() }
  if (!stale.frontend && !stale.server) return done
  if (!buildToolsInstalled()) {
    if (existsSync(builtIndex) && existsSync(builtServer)) {
      console.log('▸ Serving the shipped build (the build tools are not installed)')
      return done
    }
    console.error(
      '✖ No build, and no build tools (dev dependencies) to make one: run `npm run build` where\n' +
        '  they are installed and ship build/ and frontend/dist with the release\n' +
        '  (docs/operations.md, "Production start").'
    )
    process.exit(1)
  }
  return {
    server: stale.server
      ? runAlongside('Compiling the server', 'node', ['scripts/build-server.js'], env)
      : done.server,
    frontend: stale.frontend
      ? runAlongside(
          'Building the frontend',
          'node',
          [
            'node_modules/vite/bin/vite.js',
            'build',
            '--config',
            'frontend/vite.config.ts',
            '--logLevel',
            'warn',
          ],
          env
        )
      : done.frontend,
  }
}

/** Both builds of `startBuilds`, finished. */
export async function buildIfNeeded(env) {
  const builds = startBuilds(env)
  await Promise.all([builds.server, builds.frontend])
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
  // Every 100 ms: the first answer is the moment the app is up (a restart takes a few seconds).
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100))
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {}
  }
  return url
}
