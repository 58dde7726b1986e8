/*
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on the public pages of the
 * compiled app. Builds nothing: run `npm run build` first. Starts the built server in production
 * mode on its own port with a fresh SQLite file and no demo data, launches Debian's Chromium
 * headless, runs each page several times and prints the median performance score, LCP, FCP,
 * TBT, CLS, SEO and accessibility per page, and the audits that cost points. With BENCH_REPORT
 * set (npm run bench) it appends one figure per page and target for bench/all.ts.
 *
 *   npm run lighthouse
 *   npm run lighthouse -- --runs 5 --pages /,/auth,/overview
 *   npm run lighthouse -- --url http://127.0.0.1:3333     # a server that is already running
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import lighthouse from 'lighthouse'

const ROOT = new URL('..', import.meta.url).pathname

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/auth' },
    port: { type: 'string', default: '3393' },
    url: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
})
const runs = Number(options.runs)
const pages = options.pages.split(',')

const TARGETS = { performance: 95, lcpMs: 2000, seo: 100 }

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The compiled server (build/), as `npm start` runs it, on an empty SQLite file of its own. */
async function startServer(port) {
  if (!existsSync(join(ROOT, 'build/.built')) || !existsSync(join(ROOT, 'frontend/dist'))) {
    console.error('No build: run `npm run build` first (this script builds nothing).')
    process.exit(1)
  }
  mkdirSync(join(ROOT, 'tmp'), { recursive: true })
  const sqlite = 'tmp/lighthouse.sqlite3'
  rmSync(join(ROOT, sqlite), { force: true })
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // The demo's build, measured as `npm start` serves it (docs/decisions/0204).
    DEMO_MODE: 'true',
    APP_KEY: process.env.APP_KEY ?? randomBytes(32).toString('base64url'),
    SESSION_DRIVER: 'database',
    LIMITER_STORE: 'memory',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILE: sqlite,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SCHEDULER_ENABLED: 'false',
  }
  const cwd = join(ROOT, 'build')
  const migrate = spawnSync(process.execPath, ['ace.js', 'migration:run', '--force'], {
    cwd,
    env,
    encoding: 'utf8',
  })
  if (migrate.status !== 0) throw new Error(`migration failed: ${migrate.stderr}`)
  const child = spawn(process.execPath, ['backend/bin/server.js'], {
    cwd,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk) => (errors += chunk))
  const url = `http://127.0.0.1:${port}`
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors}`)
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false
    )
    if (up) return { url, stop: () => stopProcess(child) }
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start: ${errors}`)
}

function stopProcess(child, { group = false } = {}) {
  // A detached child leads its own process group: signal the whole group.
  const signal = (name) => {
    try {
      if (group) process.kill(-child.pid, name)
      else child.kill(name)
    } catch {
      // already gone
    }
  }
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (group) signal('SIGKILL')
      return resolve()
    }
    const force = setTimeout(() => signal('SIGKILL'), 3000)
    child.once('exit', () => {
      clearTimeout(force)
      // Helpers that outlived the browser's own exit.
      if (group) signal('SIGKILL')
      resolve()
    })
    signal('SIGTERM')
  })
}

/** Chromium headless with a DevTools port Lighthouse connects to. */
async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'palletline-lighthouse-'))
  const child = spawn(
    options.chromium,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group: stopping it stops its helpers too (renderers, crash handler),
    // which otherwise go on writing into the profile being removed.
    { stdio: 'ignore', detached: true }
  )
  const portFile = join(profile, 'DevToolsActivePort')
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`${options.chromium} exited`)
    if (existsSync(portFile)) {
      const port = Number(readFileSync(portFile, 'utf8').split('\n')[0])
      if (port) {
        return {
          port,
          stop: async () => {
            await stopProcess(child, { group: true })
            try {
              rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
            } catch (error) {
              // A temporary profile left behind does not change a figure.
              console.warn(`Could not remove ${profile}: ${error.message}`)
            }
          },
        }
      }
    }
  }
  child.kill('SIGKILL')
  throw new Error('Chromium did not open its DevTools port')
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    seo: score('seo'),
    accessibility: score('accessibility'),
  }
}

/** The audits of a category that did not get full marks, for the last run of a page. */
function lostPoints(lhr) {
  const lost = []
  for (const id of ['performance', 'seo', 'accessibility']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit.score !== null && audit.score < 1)
        lost.push(`${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
    }
  }
  return lost
}

/** Each page `runs` times; the median of each figure, and the last run's lost points. */
async function measure(base, port) {
  const outDir = join(ROOT, 'tmp/lighthouse')
  mkdirSync(outDir, { recursive: true })
  const results = []
  for (const page of pages) {
    const samples = []
    let last = null
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${base}${page}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'accessibility'],
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`)
      if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message)
      last = result.lhr
      samples.push(figuresOf(result.lhr))
      const s = samples.at(-1)
      console.log(
        `${page} run ${i + 1}/${runs}: performance ${s.performance}, LCP ${Math.round(s.lcpMs)} ms, SEO ${s.seo}`
      )
    }
    const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-')
    writeFileSync(join(outDir, `${name}.json`), JSON.stringify(last))
    const m = Object.fromEntries(
      Object.keys(samples[0]).map((key) => [key, median(samples.map((s) => s[key]))])
    )
    results.push({ page, ...m, lost: lostPoints(last) })
  }
  console.log(`\nFull reports of each page's last run: ${outDir}/`)
  return results
}

async function main() {
  const server = options.url ? null : await startServer(Number(options.port))
  let results
  try {
    const chromium = await startChromium()
    try {
      results = await measure(options.url ?? server.url, chromium.port)
    } finally {
      await chromium.stop()
    }
  } finally {
    await server?.stop()
  }

  console.log(
    `\nLighthouse ${lighthouseVersion()}, mobile, simulated throttling, median of ${runs}`
  )
  console.table(
    results.map((r) => ({
      'page': r.page,
      'performance': r.performance,
      'LCP ms': Math.round(r.lcpMs),
      'FCP ms': Math.round(r.fcpMs),
      'TBT ms': Math.round(r.tbtMs),
      'CLS': Number(r.cls.toFixed(3)),
      'SEO': r.seo,
      'accessibility': r.accessibility,
    }))
  )
  for (const r of results) {
    if (r.lost.length)
      console.log(`\n${r.page}, last run, audits short of full marks:\n  ${r.lost.join('\n  ')}`)
  }
  const report = process.env.BENCH_REPORT
  if (report) {
    for (const r of results) {
      const figures = [
        [
          'performance score',
          r.performance,
          '',
          `≥ ${TARGETS.performance}`,
          r.performance >= TARGETS.performance,
        ],
        ['LCP', Math.round(r.lcpMs), 'ms', `< ${TARGETS.lcpMs} ms`, r.lcpMs < TARGETS.lcpMs],
        ['SEO score', r.seo, '', `${TARGETS.seo}`, r.seo >= TARGETS.seo],
      ]
      for (const [what, value, unit, target, met] of figures) {
        const figure = { bench: 'lighthouse', what: `${r.page} ${what}`, value, unit, target, met }
        appendFileSync(report, `${JSON.stringify(figure)}\n`)
      }
    }
  }
}

function lighthouseVersion() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'))
  return pkg.version
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
