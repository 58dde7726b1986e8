/*
 * `npm run bundle-size`: the JavaScript each public page loads before it works, gzipped.
 * Reads the built frontend (run `npm run build:frontend` first; this builds nothing) and its
 * manifest (dist/.vite/manifest.json): the entry (main.tsx), what hydrates a prerendered page
 * on its own (src/public-start.tsx: React DOM, the providers, SWR, the page's layout, gates and
 * links) and the page's route module, each with everything it imports statically; the sum of
 * each file's gzip size (zlib level 9, as Vite reports it). With those the page is interactive:
 * its links navigate, its forms submit, its live data loads. The full app (src/start.tsx: the
 * router and the route table) is fetched once the browser is idle and is needed only to leave
 * the page: it is printed as its own column, "then", what it adds to the first JS. Other
 * dynamic imports (other routes, charts, Stripe, the header's menus, the Toaster) are not
 * counted: the page does not wait for them. A build without src/public-start.tsx (before
 * decision 0149) is measured as it worked then: entry, start.tsx and the route.
 *
 * The signed-in screens (issue 38: /shipper, /carrier, /admin, /tms, /freight-board,
 * /post-load) are measured as a user gets them, since what they fetch first depends on what
 * they render: the compiled server with the demo data (scripts/signed-in.js), each screen
 * loaded signed in as its demo account in a fresh Chromium context (390 px wide, cold cache)
 * until the network is idle, its data shown; every JavaScript file it fetched is counted, with
 * the same gzip size as above and the bytes the server actually sent. This needs `npm run build`
 * (the server too); `--public-only` skips it, `--port` picks the server's port.
 * `--files` lists the files of each page. With BENCH_REPORT set (npm run bench) it appends one
 * figure per page for bench/all.ts.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { SIGNED_IN_PAGES, signIn, startServer } from './signed-in.js'

const root = new URL('..', import.meta.url).pathname
const dist = join(root, process.env.FRONTEND_DIST ?? 'frontend/dist')

/** The public pages and their route modules (frontend/src/app/router.tsx). */
const PUBLIC_ROUTES = {
  '/': 'src/app/routes/landing.tsx',
  '/overview': 'src/app/routes/overview.tsx',
  '/auth': 'src/app/routes/auth.tsx',
  '/about': 'src/app/routes/about.tsx',
  '/contact': 'src/app/routes/contact.tsx',
  '/terms': 'src/app/routes/terms.tsx',
  '/privacy': 'src/app/routes/privacy.tsx',
}
/** Hydrates a prerendered page (frontend/src/main.tsx); absent from builds before 0149. */
const PAGE_MODULE = 'src/public-start.tsx'
/** The full app: started by the entry in older builds, fetched when idle since 0149. */
const APP_MODULE = 'src/start.tsx'
const TARGET_KB = 100
/** The pages whose figures npm run bench reports. */
const BENCH_ROUTES = ['/', '/overview', '/auth']
/** Issue 38: a signed-in screen's first load, before it is usable. */
const SIGNED_IN_TARGET = { files: 12, gzipKb: 150 }

const { values: options } = parseArgs({
  options: {
    'files': { type: 'boolean', default: false },
    'public-only': { type: 'boolean', default: false },
    'port': { type: 'string', default: '3394' },
    'chromium': { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
})

/** A chunk and every chunk it imports statically, as manifest keys. */
function staticGraph(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) staticGraph(manifest, imported, seen)
  return seen
}

function sizes(manifest, keys) {
  return [...keys].map((key) => {
    const bytes = readFileSync(join(dist, manifest[key].file))
    return {
      file: manifest[key].file,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
    }
  })
}

function measureRoute(route, manifest) {
  const split = Boolean(manifest[PAGE_MODULE])
  const keys = new Set()
  for (const key of ['index.html', split ? PAGE_MODULE : APP_MODULE, PUBLIC_ROUTES[route]]) {
    staticGraph(manifest, key, keys)
  }
  const files = sizes(manifest, keys)
  const later = split
    ? sizes(
        manifest,
        [...staticGraph(manifest, APP_MODULE)].filter((key) => !keys.has(key))
      )
    : []
  const kB = (field, list = files) => list.reduce((total, f) => total + f[field], 0) / 1000
  const page = join(dist, 'prerendered', route === '/' ? 'index.html' : `${route.slice(1)}.html`)
  return {
    route,
    html: existsSync(page) ? 'prerendered' : 'shell',
    files,
    rawKb: kB('raw'),
    gzipKb: kB('gzip'),
    laterGzipKb: kB('gzip', later),
  }
}

/** Each signed-in screen loaded cold in Chromium, signed in: the JavaScript it fetched. */
async function measureSignedIn() {
  const server = await startServer({ port: Number(options.port), name: 'bundle-size', demo: true })
  const browser = await chromium.launch({ executablePath: options.chromium })
  try {
    const cookies = {}
    const rows = []
    for (const [route, role] of Object.entries(SIGNED_IN_PAGES)) {
      cookies[role] ??= await signIn(server.url, role)
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
      await context.addCookies(cookies[role])
      const page = await context.newPage()
      const scripts = []
      let requested = 0
      page.on('request', (request) => {
        if (request.resourceType() === 'script') requested++
      })
      page.on('requestfinished', async (request) => {
        if (request.resourceType() !== 'script') return
        const { pathname } = new URL(request.url())
        const sent = (await request.sizes()).responseBodySize
        scripts.push({ pathname, sent })
      })
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' })
      if (new URL(page.url()).pathname !== route)
        throw new Error(`${route} as ${role} ended on ${page.url()}`)
      // On a busy machine, running a large chunk can keep the network quiet for the 500 ms that
      // `networkidle` waits before the screen's own chunks are asked for: wait for the screen's
      // heading, then until no script has been asked for in a second (decision 0269).
      await page.locator('h1').first().waitFor()
      for (let count = -1; count !== requested;) {
        count = requested
        await page.waitForTimeout(1000)
        await page.waitForLoadState('networkidle')
      }
      // Listeners still reading the last sizes.
      await page.waitForTimeout(100)
      const files = scripts.map(({ pathname, sent }) => {
        const bytes = readFileSync(join(dist, pathname))
        return {
          file: pathname.slice(1),
          raw: bytes.length,
          gzip: gzipSync(bytes, { level: 9 }).length,
          sent,
        }
      })
      const kB = (field) => files.reduce((total, f) => total + f[field], 0) / 1000
      rows.push({
        route,
        html: `signed in (${role})`,
        files,
        rawKb: kB('raw'),
        gzipKb: kB('gzip'),
        sentKb: kB('sent'),
      })
      await context.close()
    }
    return rows
  } finally {
    await browser.close()
    await server.stop()
  }
}

const signedInMet = (r) =>
  r.files.length <= SIGNED_IN_TARGET.files && r.gzipKb <= SIGNED_IN_TARGET.gzipKb

async function main() {
  const manifestFile = join(dist, '.vite/manifest.json')
  if (!existsSync(manifestFile)) {
    console.error(`No build (or no manifest) in ${dist}: run \`npm run build:frontend\` first.`)
    process.exit(1)
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const rows = Object.keys(PUBLIC_ROUTES).map((route) => measureRoute(route, manifest))
  console.table(
    rows.map((r) => ({
      'route': r.route,
      'HTML': r.html,
      'JS files': r.files.length,
      'raw kB': r.rawKb.toFixed(1),
      'gzip kB': r.gzipKb.toFixed(1),
      [`≤ ${TARGET_KB}`]: r.gzipKb <= TARGET_KB ? 'yes' : 'NO',
      'then, full app gzip kB': r.laterGzipKb.toFixed(1),
    }))
  )
  const signedIn = options['public-only'] ? [] : await measureSignedIn()
  if (signedIn.length) {
    console.log(
      `\nSigned-in screens, first load in Chromium (390 px, cold cache) until the network is idle`
    )
    console.table(
      signedIn.map((r) => ({
        'route': r.route,
        'as': r.html,
        'JS files': r.files.length,
        'raw kB': r.rawKb.toFixed(1),
        'gzip kB': r.gzipKb.toFixed(1),
        'sent kB': r.sentKb.toFixed(1),
        [`≤ ${SIGNED_IN_TARGET.files} files, ≤ ${SIGNED_IN_TARGET.gzipKb} kB`]: signedInMet(r)
          ? 'yes'
          : 'NO',
      }))
    )
  }
  if (options.files) {
    for (const r of [...rows, ...signedIn]) {
      console.log(`\n${r.route}`)
      for (const f of r.files.sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${(f.gzip / 1000).toFixed(1).padStart(6)} kB  ${f.file}`)
    }
  }
  const report = process.env.BENCH_REPORT
  if (report) {
    for (const r of rows.filter((row) => BENCH_ROUTES.includes(row.route))) {
      const figure = {
        bench: 'bundle',
        what: `public first JS gzip, ${r.route}`,
        value: Number(r.gzipKb.toFixed(1)),
        unit: 'kB',
        target: `≤ ${TARGET_KB} kB`,
        met: r.gzipKb <= TARGET_KB,
      }
      appendFileSync(report, `${JSON.stringify(figure)}\n`)
    }
    for (const r of signedIn) {
      const figures = [
        [
          'JS files',
          r.files.length,
          'files',
          `≤ ${SIGNED_IN_TARGET.files}`,
          r.files.length <= SIGNED_IN_TARGET.files,
        ],
        [
          'JS gzip',
          Number(r.gzipKb.toFixed(1)),
          'kB',
          `≤ ${SIGNED_IN_TARGET.gzipKb} kB`,
          r.gzipKb <= SIGNED_IN_TARGET.gzipKb,
        ],
      ]
      for (const [what, value, unit, target, met] of figures) {
        const figure = {
          bench: 'bundle',
          what: `signed-in first load, ${r.route}: ${what}`,
          value,
          unit,
          target,
          met,
        }
        appendFileSync(report, `${JSON.stringify(figure)}\n`)
      }
    }
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
