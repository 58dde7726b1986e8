/*
 * The request ratios measured from outside the node processes: wrk (a C load generator, not
 * autocannon in a node process of its own) against a bare node:http server and the app's compiled
 * server, after a warm-up, the targets loaded in turn for each of 3 rounds and each figure the
 * median of its rounds. Covers the health check against bare node, the signed-in
 * `GET /api/user` against the health check and the signed-in search (Chicago, IL to Detroit,
 * MI, 4 pallets) against `GET /api/user`, on the environment's database (SQLite by default;
 * run `npm run bench:search` first so the bench database holds its 100,000 listings).
 *
 *   node --import=@poppinss/ts-exec bench/outside.ts [--seconds 5] [--rounds 3] [--connections 20]
 *
 * Needs `wrk` on the PATH (`apt-get install -y wrk`); without it, it says so and exits 0.
 * See bench/README.md. Not part of `npm test`.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { DateTime } from 'luxon'
import { failBench, reportFigure, useBenchDatabase } from './boot.js'
import { ROOT, signIn, startAppServer, startBare } from './app_server.js'

const run = promisify(execFile)
const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? Number(args[at + 1]) : fallback
}
const seconds = option('seconds', 5)
const rounds = option('rounds', 3)
const connections = option('connections', 20)
const appPort = option('port', 3690)
const barePort = appPort + 1

type Figure = { rps: number; p99Ms: number; non2xx: number }

/** One wrk run: requests per second, the 99th percentile latency and answers outside 2xx/3xx. */
async function wrk(url: string, extra: string[] = [], duration = seconds): Promise<Figure> {
  const { stdout } = await run('wrk', [
    '--threads',
    '2',
    '--connections',
    String(connections),
    '--duration',
    `${duration}s`,
    '--latency',
    ...extra,
    url,
  ])
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0)
  const p99 = /99%\s+([\d.]+)(us|ms|s)\b/.exec(stdout)
  const scale = { us: 0.001, ms: 1, s: 1000 } as const
  const p99Ms = p99 ? Number(p99[1]) * scale[p99[2] as keyof typeof scale] : 0
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0)
  return { rps, p99Ms, non2xx }
}

function median(figures: Figure[]): Figure {
  const sorted = [...figures].sort((a, b) => a.rps - b.rps)
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)],
    non2xx: figures.reduce((sum, f) => sum + f.non2xx, 0),
  }
}

async function main() {
  try {
    await run('wrk', ['--version']).catch((error: { stdout?: string }) => {
      // wrk prints its version and exits 1.
      if (!String(error.stdout ?? '').includes('wrk')) throw error
    })
  } catch {
    console.log('wrk is not installed (apt-get install -y wrk): nothing measured')
    return
  }
  useBenchDatabase()
  const bare = await startBare(barePort)
  const app = await startAppServer(appPort, {
    SESSION_DRIVER: 'database',
    LIMITER_STORE: 'memory',
    ...(process.env.SQLITE_FILE ? { SQLITE_FILE: resolve(ROOT, process.env.SQLITE_FILE) } : {}),
  })
  try {
    const { cookie, xsrf } = await signIn(app.url)
    const folder = mkdtempSync(join(tmpdir(), 'palletline-wrk-'))
    const searchScript = join(folder, 'search.lua')
    const pickupDate = DateTime.now().setZone('America/New_York').plus({ days: 7 }).toISODate()
    const body = JSON.stringify({
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI',
      numberOfPallets: 4,
      pickupDate,
    })
    writeFileSync(
      searchScript,
      [
        'wrk.method = "POST"',
        `wrk.body = ${JSON.stringify(body)}`,
        'wrk.headers["Content-Type"] = "application/json"',
        'wrk.headers["Accept"] = "application/json"',
      ].join('\n')
    )
    const signedIn = ['--header', `Cookie: ${cookie}`]
    const targets: [string, string, string[]][] = [
      ['bare node:http, same JSON', `http://127.0.0.1:${barePort}/`, []],
      ['GET /api/health', `${app.url}/api/health`, []],
      ['GET /api/user (signed in)', `${app.url}/api/user`, signedIn],
      [
        'POST /api/listings/search (signed in)',
        `${app.url}/api/listings/search`,
        [...signedIn, '--header', `X-XSRF-TOKEN: ${xsrf}`, '--script', searchScript],
      ],
    ]
    console.log(
      `wrk, ${connections} connections, a 2 s warm-up each, then ${rounds} rounds of ${seconds} s (medians)\n`
    )
    for (const [, url, extra] of targets) await wrk(url, extra, 2)
    const runs: Figure[][] = targets.map(() => [])
    for (let round = 1; round <= rounds; round++) {
      for (const [index, [, url, extra]] of targets.entries()) {
        runs[index].push(await wrk(url, extra))
      }
      console.log(
        `round ${round}: ${runs.map((r) => Math.round(r[r.length - 1].rps)).join(' / ')} req/s`
      )
    }
    const [bareFigure, health, user, search] = runs.map(median)
    const rows = [
      [targets[0][0], bareFigure, null, ''],
      [targets[1][0], health, bareFigure, '>= 0.3 of bare node'],
      [targets[2][0], user, health, '>= 0.6 of /api/health'],
      [targets[3][0], search, user, '>= 0.5 of /api/user'],
    ] as const
    console.table(
      rows.map(([what, figure, against, target]) => ({
        what,
        'req/s': Math.round(figure.rps),
        'p99 ms': figure.p99Ms,
        'non-2xx': figure.non2xx,
        'ratio': against ? (figure.rps / against.rps).toFixed(3) : '',
        target,
      }))
    )
    const thresholds = [0, 0.3, 0.6, 0.5]
    for (const [index, [what, figure, against, target]] of rows.entries()) {
      if (!against) continue
      reportFigure({
        bench: 'outside',
        what: `${what}, wrk`,
        value: figure.rps,
        unit: 'req/s',
        reference: { what: rows[index - 1][0], value: against.rps },
        target,
        met: figure.non2xx === 0 && figure.rps / against.rps >= thresholds[index],
      })
    }
  } finally {
    await app.stop()
    bare.kill()
  }
}

main().catch(failBench)
