/*
 * `npm run bundle-size`: the JavaScript a public page loads first, gzipped, per route.
 * Reads the built frontend (run `npm run build:frontend` first; this builds nothing): each
 * public route's HTML (a prerendered page when the build wrote one, else the SPA's index.html),
 * follows its <script src> and <link rel="modulepreload"> tags and the static imports of those
 * modules, and sums each file's gzip size (zlib, level 9, as Vite reports it): "first JS".
 * "with its route" adds the route's own lazy chunk and its imports (from Vite's manifest), which
 * the page needs before it shows (SPA) or hydrates (prerendered) anything. Other dynamic imports
 * (other routes, charts, Stripe) are not counted. `--files` lists the files of each route.
 * With BENCH_REPORT set (npm run bench) it appends one figure per route for bench/all.ts.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const root = new URL('..', import.meta.url).pathname
const dist = join(root, process.env.FRONTEND_DIST ?? 'frontend/dist')

/** The public routes and their route modules; the target: at most this many gzip kB first. */
const PUBLIC_ROUTES = {
  '/': 'src/app/routes/landing.tsx',
  '/overview': 'src/app/routes/overview.tsx',
  '/auth': 'src/app/routes/auth.tsx',
  '/about': 'src/app/routes/about.tsx',
  '/contact': 'src/app/routes/contact.tsx',
  '/terms': 'src/app/routes/terms.tsx',
  '/privacy': 'src/app/routes/privacy.tsx',
}
const TARGET_KB = 100

/** The HTML the server sends for a route: its prerendered page, else the SPA shell. */
function htmlFor(route) {
  const page = join(dist, 'prerendered', route === '/' ? 'index.html' : `${route.slice(1)}.html`)
  return existsSync(page)
    ? { file: page, html: readFileSync(page, 'utf8') }
    : { file: join(dist, 'index.html'), html: readFileSync(join(dist, 'index.html'), 'utf8') }
}

const ATTR = (name) => new RegExp(`\\s${name}=["']([^"']+)["']`, 'i')

/** Every local module the HTML loads up front: module scripts and modulepreloads. */
function entryModules(html) {
  const urls = []
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag)
    const isPreload = /\srel=["']modulepreload["']/i.test(tag)
    if (!isScript && !isPreload) continue
    const url = tag.match(ATTR(isScript ? 'src' : 'href'))?.[1]
    if (url && url.startsWith('/') && url.endsWith('.js')) urls.push(url)
  }
  return urls
}

/** The module and everything it imports statically (Vite's chunks import `./name-hash.js`). */
function withStaticImports(url, seen) {
  if (seen.has(url)) return
  seen.add(url)
  const source = readFileSync(join(dist, url), 'utf8')
  const dir = url.slice(0, url.lastIndexOf('/') + 1)
  // `import{a as b}from"./x.js"` and `import"./x.js"`, not `import("./x.js")`.
  for (const [, spec] of source.matchAll(
    /\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g
  )) {
    if (spec.startsWith('./')) withStaticImports(dir + spec.slice(2), seen)
    else if (spec.startsWith('/')) withStaticImports(spec, seen)
  }
}

function sizes(urls) {
  return [...urls].map((url) => {
    const bytes = readFileSync(join(dist, url))
    return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
}

const kB = (files, key) => files.reduce((total, f) => total + f[key], 0) / 1000

function measureRoute(route, manifest) {
  const { file, html } = htmlFor(route)
  const first = new Set()
  for (const url of entryModules(html)) withStaticImports(url, first)
  const withRoute = new Set(first)
  const chunk = manifest?.[PUBLIC_ROUTES[route]]
  if (chunk) withStaticImports(`/${chunk.file}`, withRoute)
  const files = sizes(first)
  const routeFiles = sizes(withRoute)
  return {
    route,
    html: file.slice(dist.length + 1),
    files,
    rawKb: kB(files, 'raw'),
    gzipKb: kB(files, 'gzip'),
    withRouteKb: chunk ? kB(routeFiles, 'gzip') : Number.NaN,
  }
}

function main() {
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`No build in ${dist}: run \`npm run build:frontend\` first.`)
    process.exit(1)
  }
  const verbose = process.argv.includes('--files')
  const manifestFile = join(dist, '.vite/manifest.json')
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null
  const rows = Object.keys(PUBLIC_ROUTES).map((route) => measureRoute(route, manifest))
  console.table(
    rows.map((r) => ({
      'route': r.route,
      'html': r.html,
      'JS files': r.files.length,
      'raw kB': r.rawKb.toFixed(1),
      'gzip kB': r.gzipKb.toFixed(1),
      'with its route, gzip kB': r.withRouteKb.toFixed(1),
      [`≤ ${TARGET_KB}`]: r.gzipKb <= TARGET_KB ? 'yes' : 'NO',
    }))
  )
  if (verbose) {
    for (const r of rows) {
      console.log(`\n${r.route}`)
      for (const f of r.files.sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${(f.gzip / 1000).toFixed(1).padStart(6)} kB  ${f.url}`)
    }
  }
  const report = process.env.BENCH_REPORT
  if (report) {
    for (const r of rows.filter((row) => ['/', '/overview', '/auth'].includes(row.route))) {
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
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main()
