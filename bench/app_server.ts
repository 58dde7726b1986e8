/*
 * The app's own server for a benchmark, as `npm start` runs it: the compiled build in
 * production mode when `npm run build:server` has made one (build/.built), otherwise the
 * TypeScript loader (slower: figures are then lower bounds). Resolves once /api/health answers.
 */
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'

export const ROOT = new URL('../', import.meta.url).pathname

export function hasBuild() {
  return existsSync(`${ROOT}build/.built`)
}

export async function startAppServer(
  port: number,
  env: Record<string, string | undefined> = {},
  options: { log?: string } = {}
) {
  const built = hasBuild()
  // e.g. BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(
    process.execPath,
    built
      ? [...nodeArgs, 'backend/bin/server.js']
      : [...nodeArgs, '--import=ts-node-maintained/register/esm', 'backend/bin/server.js'],
    {
      cwd: built ? `${ROOT}build` : ROOT,
      env: {
        ...process.env,
        NODE_ENV: built ? 'production' : (process.env.NODE_ENV ?? 'development'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SCHEDULER_ENABLED: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  // Warnings and errors, for a run that shows non-2xx answers.
  const log = options.log ? createWriteStream(options.log) : null
  if (log) child.stdout!.pipe(log)
  else child.stdout!.resume()
  let errors = ''
  child.stderr!.on('data', (chunk) => {
    errors += chunk
    log?.write(chunk)
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors}`)
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false
    )
    if (up) {
      console.log(
        `app server: ${built ? 'compiled build (build/), production' : 'TypeScript loader'}`
      )
      return {
        url,
        child,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve()
            // A graceful shutdown waits for keep-alive sockets; a bench does not.
            const force = setTimeout(() => child.kill('SIGKILL'), 3000)
            child.once('exit', () => {
              clearTimeout(force)
              resolve()
            })
            child.kill('SIGTERM')
          }),
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start: ${errors}`)
}
