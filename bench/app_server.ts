/*
 * The app's own server for a benchmark, as `npm start` runs it: the compiled build in
 * production mode when `npm run build:server` has made one (build/.built), otherwise the
 * TypeScript loader (slower: figures are then lower bounds). Resolves once /api/health answers.
 */
import { spawn, type ChildProcess } from 'node:child_process'
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
      : [...nodeArgs, '--import=@poppinss/ts-exec', 'backend/bin/server.js'],
    {
      cwd: built ? `${ROOT}build` : ROOT,
      env: {
        ...process.env,
        NODE_ENV: built ? 'production' : (process.env.NODE_ENV ?? 'development'),
        // The app as `npm start` runs it: the demo's payments, partner and census (0204).
        DEMO_MODE: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SCHEDULER_ENABLED: 'false',
        // No balancer to drain for: a stop closes at once (docs/operations.md, "Shutdown").
        SHUTDOWN_DRAIN_MS: '0',
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

/**
 * A new shipper signed in through the real register route: its cookie header and the
 * XSRF token a mutation must send.
 */
export async function signIn(base: string): Promise<{ cookie: string; xsrf: string }> {
  const jar = new Map<string, string>()
  const keep = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...rest] = pair.split('=')
      jar.set(name, rest.join('='))
    }
  }
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const xsrf = () => decodeURIComponent(jar.get('XSRF-TOKEN') ?? '')
  keep(await fetch(`${base}/api/user`, { headers: { accept: 'application/json' } }))
  const email = `bench-${Date.now()}@bench.test`
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept': 'application/json',
      'cookie': cookie(),
      'x-xsrf-token': xsrf(),
    },
    body: JSON.stringify({
      email,
      username: email,
      password: 'bench-password-1234',
      role: 'shipper',
      firstName: 'Bench',
      lastName: 'Mark',
      phone: '3125550100',
      termsAccepted: true,
      effectiveDateString: new Date().toISOString().slice(0, 10),
    }),
  })
  keep(registered)
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`)
  const check = await fetch(`${base}/api/user`, { headers: { cookie: cookie() } })
  keep(check)
  if (!check.ok) throw new Error(`signed-in GET /api/user: ${check.status}`)
  return { cookie: cookie(), xsrf: xsrf() }
}

/** The reference: bare node:http answering the health check's JSON, in a process of its own. */
export async function startBare(port: number): Promise<ChildProcess> {
  const source = `
    const body = JSON.stringify({ status: 'ok' })
    require('node:http')
      .createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        res.end(body)
      })
      .listen(${port}, '127.0.0.1', () => process.send('up'))
  `
  const child = spawn(process.execPath, ['-e', source], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  await new Promise((resolve) => child.once('message', resolve))
  return child
}
