/*
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on the public pages and the
 * signed-in screens (issue 38) of the compiled app. Builds nothing: run `npm run build` first.
 * Starts the built server in production mode on its own port with a fresh SQLite file and the
 * demo data (scripts/signed-in.js; without signed-in pages, no demo data), launches Debian's
 * Chromium headless, runs each page several times and prints the median performance score,
 * LCP, FCP, TBT, CLS, SEO and accessibility per page, and the audits that cost points. A
 * signed-in page is measured as its demo account: signed in once through the API (the admin
 * with the demo TOTP code), its session cookie put into the browser before the page's runs
 * (Lighthouse clears the cache and storage between runs, not cookies). With BENCH_REPORT set
 * (npm run bench) it appends one figure per page and target for bench/all.ts.
 *
 *   npm run lighthouse
 *   npm run lighthouse -- --runs 5 --pages /,/auth,/overview,/shipper
 *   npm run lighthouse -- --url http://127.0.0.1:3333     # a server that is already running,
 *                                                          # with the demo data for signed-in pages
 */
import { spawn } from 'node:child_process'
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import lighthouse from 'lighthouse'
import { chromium as playwright } from 'playwright-core'
import { ROOT, SIGNED_IN_PAGES, signIn, startServer, stopProcess } from './signed-in.js'

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: ['/', '/auth', ...Object.keys(SIGNED_IN_PAGES)].join(',') },
    port: { type: 'string', default: '3393' },
    url: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
})
const runs = Number(options.runs)
const pages = options.pages.split(',')

const TARGETS = { performance: 95, lcpMs: 2000, seo: 100 }
/** Issue 38: the signed-in screens, which search engines never see. */
const SIGNED_IN_TARGETS = { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 }
const signedIn = (page) => Object.hasOwn(SIGNED_IN_PAGES, page)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

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
  // The browser's cookies, set over CDP before each page: its account's session, or none.
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`)
  const context = browser.contexts()[0]
  const sessions = {}
  for (const page of pages) {
    await context.clearCookies()
    const role = SIGNED_IN_PAGES[page]
    if (role) await context.addCookies((sessions[role] ??= await signIn(base, role)))
    const samples = []
    let last = null
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${base}${page}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'accessibility'],
      })
      const landed = result?.lhr.finalDisplayedUrl
      if (role && landed && new URL(landed).pathname !== page)
        throw new Error(`${page} as ${role} ended on ${landed}: not signed in?`)
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`)
      if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message)
      last = result.lhr
      samples.push(figuresOf(result.lhr))
      const s = samples.at(-1)
      console.log(
        `${page} run ${i + 1}/${runs}: performance ${s.performance}, LCP ${Math.round(s.lcpMs)} ms, TBT ${Math.round(s.tbtMs)} ms, CLS ${s.cls.toFixed(3)}`
      )
    }
    const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-')
    writeFileSync(join(outDir, `${name}.json`), JSON.stringify(last))
    const m = Object.fromEntries(
      Object.keys(samples[0]).map((key) => [key, median(samples.map((s) => s[key]))])
    )
    results.push({ page, ...m, lost: lostPoints(last) })
  }
  // Only the CDP connection: the browser is stopped by its owner.
  await browser.close()
  console.log(`\nFull reports of each page's last run: ${outDir}/`)
  return results
}

async function main() {
  const server = options.url
    ? null
    : await startServer({ port: Number(options.port), demo: pages.some(signedIn) })
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
      const t = SIGNED_IN_TARGETS
      const figures = signedIn(r.page)
        ? [
            [
              'performance score',
              r.performance,
              '',
              `≥ ${t.performance}`,
              r.performance >= t.performance,
            ],
            ['LCP', Math.round(r.lcpMs), 'ms', `< ${t.lcpMs} ms`, r.lcpMs < t.lcpMs],
            ['TBT', Math.round(r.tbtMs), 'ms', `< ${t.tbtMs} ms`, r.tbtMs < t.tbtMs],
            ['CLS', Number(r.cls.toFixed(3)), '', `< ${t.cls}`, r.cls < t.cls],
          ]
        : [
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
