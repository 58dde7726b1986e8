/*
 * The cost of a request: the app's cheapest route (GET /api/health) and a signed-in
 * GET /api/user, each beside a bare node:http server answering the same JSON, measured in the
 * same run with autocannon from this process while the servers run in processes of their own.
 * Prints requests per second, latency percentiles, each figure's ratio to its reference and
 * the app server's peak memory. bench/README.md records the figures.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { failBench, reportFigure } from './boot.js'
import { ROOT, hasBuild, signIn, startAppServer, startBare } from './app_server.js'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? Number(args[at + 1]) : fallback
}
const seconds = option('seconds', 5)
// Each target is loaded once per round, the three in turn, and its median round is reported:
// on two cores one 8 s run of a target swung by a tenth from one run to the next, and on a
// noisy host a whole round can fall by half, so five rounds rather than three.
const rounds = option('rounds', 5)
const connections = option('connections', 20)
const appPort = option('port', 3390)
const barePort = appPort + 1

type Figure = { name: string; rps: number; p50: number; p99: number; errors: number }

/** The figure of the median round by requests per second; errors summed over every round. */
function median(figures: Figure[]): Figure {
  const sorted = [...figures].sort((a, b) => a.rps - b.rps)
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]
  return { ...middle, errors: figures.reduce((sum, figure) => sum + figure.errors, 0) }
}

async function load(name: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers })
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  } satisfies Figure
}

/** The app as `npm start` runs it, on a bench database of its own, migrated first. */
async function startApp(): Promise<ChildProcess> {
  const env = {
    APP_KEY: process.env.APP_KEY ?? randomBytes(32).toString('base64url'),
    SESSION_DRIVER: process.env.SESSION_DRIVER ?? 'database',
    LIMITER_STORE: 'memory',
    SQLITE_FILE: process.env.SQLITE_FILE ?? 'tmp/bench-http.sqlite3',
  }
  const built = hasBuild()
  const migrate = spawn(process.execPath, [built ? 'ace.js' : 'ace', 'migration:run', '--force'], {
    cwd: built ? `${ROOT}build` : ROOT,
    env: {
      ...process.env,
      NODE_ENV: built ? 'production' : 'development',
      DEMO_MODE: 'true',
      ...env,
    },
    stdio: 'ignore',
  })
  await new Promise((resolve) => migrate.once('exit', resolve))
  return (await startAppServer(appPort, env)).child
}

function peakMemoryMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

async function main() {
  const bare = await startBare(barePort)
  const app = await startApp()
  try {
    const { cookie } = await signIn(`http://127.0.0.1:${appPort}`)
    console.log(
      `${connections} connections, ${seconds} s each, ${rounds} rounds (the median round is shown)\n`
    )
    const runs: Figure[][] = [[], [], []]
    for (let round = 1; round <= rounds; round++) {
      runs[0].push(await load('bare node:http, same JSON', `http://127.0.0.1:${barePort}/`))
      runs[1].push(await load('GET /api/health', `http://127.0.0.1:${appPort}/api/health`))
      runs[2].push(
        await load('GET /api/user (signed in)', `http://127.0.0.1:${appPort}/api/user`, { cookie })
      )
      console.log(
        `round ${round}: ${runs.map((run) => Math.round(run[run.length - 1].rps)).join(' / ')} req/s`
      )
    }
    const [reference, health, user] = runs.map(median)
    const rows = [
      [reference, null, ''],
      [health, reference, 'target >= 0.3 of bare node'],
      [user, health, 'target >= 0.6 of /api/health'],
    ] as const
    console.table(
      rows.map(([figure, against, target]) => ({
        'what': figure.name,
        'req/s': Math.round(figure.rps),
        'p50 ms': figure.p50,
        'p99 ms': figure.p99,
        'errors': figure.errors,
        'ratio': against ? (figure.rps / against.rps).toFixed(3) : '',
        target,
      }))
    )
    const memory = peakMemoryMb(app.pid!)
    console.log(`app server peak memory: ${memory} MB`)
    const ratio = (a: Figure, b: Figure) => a.rps / b.rps
    reportFigure({
      bench: 'http',
      what: 'GET /api/health',
      value: health.rps,
      unit: 'req/s',
      reference: { what: 'bare node:http', value: reference.rps },
      target: '>= 0.3 of bare node',
      met: ratio(health, reference) >= 0.3,
    })
    reportFigure({
      bench: 'http',
      what: 'GET /api/user, signed in',
      value: user.rps,
      unit: 'req/s',
      reference: { what: 'GET /api/health', value: health.rps },
      target: '>= 0.6 of /api/health',
      met: ratio(user, health) >= 0.6,
    })
    reportFigure({
      bench: 'http',
      what: 'app server peak memory',
      value: memory,
      unit: 'MB',
      target: 'recorded',
      met: true,
    })
  } finally {
    app.kill('SIGTERM')
    bare.kill()
  }
}

main().catch(failBench)
