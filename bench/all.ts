/*
 * `npm run bench`: every benchmark in bench/, then the public pages' figures
 * (scripts/bundle-size.js, scripts/lighthouse.js), one after another (each in a process of its
 * own, their HTTP load from autocannon beside the server's process), then one table: each figure
 * beside its reference measured in the same run, the ratio, the target and whether it is met.
 * The database is the environment's (SQLite by default, DB_CONNECTION=pg PG_DB_NAME=bench for
 * PostgreSQL). `--quick` runs smaller sizes for a smoke run; `--only http,board` picks benches.
 * It uses the compiled server when `npm run build:server` has made one (see app_server.ts).
 * Exits 0 whatever the figures: targets are reported, not asserted (bench/README.md).
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { BenchFigure } from './boot.js'
import { ROOT } from './app_server.js'

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
  },
})

/** Each bench (bench/<name>.ts unless `file` says otherwise) and its arguments, full and quick. */
const BENCHES: { name: string; file?: string; full: string[]; quick: string[] }[] = [
  { name: 'http', full: [], quick: ['--seconds', '3', '--rounds', '1'] },
  {
    name: 'search',
    full: [],
    quick: ['--listings', '10000', '--searches', '100', '--http-seconds', '3'],
  },
  {
    name: 'board',
    full: [],
    quick: ['--loads', '10000', '--duration', '3', '--claim-loads', '10', '--claimants', '20'],
  },
  { name: 'payouts', full: [], quick: ['--sizes', '1000,5000', '--carriers', '50'] },
  // Saved-lane alerts: the matching per posting at 100,000 lanes beside a plain post (0239).
  { name: 'alerts', full: [], quick: ['--lanes', '10000', '--posts', '100'] },
  // The same request ratios from outside node: wrk, after search has filled the bench database.
  { name: 'outside', full: [], quick: ['--seconds', '3', '--rounds', '1'] },
  // The public pages: first JavaScript of the built frontend, and Lighthouse on the built app.
  { name: 'bundle', file: 'scripts/bundle-size.js', full: [], quick: [] },
  { name: 'lighthouse', file: 'scripts/lighthouse.js', full: [], quick: ['--runs', '1'] },
]

function run(file: string, args: string[], report: string) {
  return new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', file, ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        BENCH_REPORT: report,
        APP_KEY: process.env.APP_KEY ?? randomBytes(32).toString('base64url'),
      },
      stdio: 'inherit',
    })
    child.once('exit', (code) => resolve(code ?? 1))
  })
}

const fmt = (n: number) =>
  Number.isInteger(n) || n >= 100
    ? Math.round(n).toLocaleString('en-US')
    : n.toFixed(n >= 10 ? 1 : 2)

async function main() {
  const only = new Set(options.only ? options.only.split(',') : [])
  const selected = BENCHES.filter((b) => only.size === 0 || only.has(b.name))
  mkdirSync(`${ROOT}tmp`, { recursive: true })
  const report = `${ROOT}tmp/bench-report.jsonl`
  rmSync(report, { force: true })
  const failed: string[] = []
  for (const bench of selected) {
    const file = bench.file ?? `bench/${bench.name}.ts`
    console.log(`\n━━ ${file} ━━`)
    const code = await run(file, options.quick ? bench.quick : bench.full, report)
    if (code !== 0) failed.push(bench.name)
  }
  const figures: BenchFigure[] = existsSync(report)
    ? readFileSync(report, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : []
  const db = process.env.DB_CONNECTION === 'pg' ? 'PostgreSQL' : 'SQLite'
  console.log(`\n━━ Figures (${db}${options.quick ? ', quick sizes' : ''}) ━━`)
  console.table(
    figures.map((f) => ({
      bench: f.bench,
      what: f.what,
      figure: `${fmt(f.value)} ${f.unit}`,
      reference: f.reference ? `${fmt(f.reference.value)} (${f.reference.what})` : '',
      ratio: f.reference ? (f.value / f.reference.value).toFixed(2) : '',
      target: f.target,
      met: f.met ? 'yes' : 'NO',
    }))
  )
  if (failed.length) console.log(`Benches that did not finish: ${failed.join(', ')}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
