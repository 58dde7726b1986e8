/*
 * The last step of the frontend build (vite.config.ts `builder`): each public page written as
 * HTML, so its text paints before any JavaScript runs. The SSR build of src/prerender.tsx
 * renders the page; the markup goes inside #root of the client build's index.html, with the
 * page's title and description. The backend serves dist/prerendered/<page>.html for exactly
 * these paths (backend/start/routes.ts) and index.html, the empty shell, for every other route.
 * main.tsx is small: on a prerendered page it fetches src/public-start.tsx once the page has
 * painted, which hydrates the page without the router (src/app/public-page.tsx, the same tree
 * the prerender renders); the full app (src/start.tsx) follows when the browser is idle and
 * takes over on the first navigation. In the shell main.tsx starts the app at once, so the
 * shell preloads it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The public pages and their route modules (src/app/public-page.tsx, src/app/router.tsx). */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'src/app/routes/landing.tsx',
  '/overview': 'src/app/routes/overview.tsx',
  '/about': 'src/app/routes/about.tsx',
  '/contact': 'src/app/routes/contact.tsx',
  '/auth': 'src/app/routes/auth.tsx',
  '/login': 'src/app/routes/login.tsx',
  '/terms': 'src/app/routes/terms.tsx',
  '/privacy': 'src/app/routes/privacy.tsx',
  '/agreement': 'src/app/routes/agreement.tsx',
}

/** dist/client-routes.json: the router's path patterns, read by the server. */
export const CLIENT_ROUTES_FILE = 'client-routes.json'

/** dist/prerendered/<name>.html for a path: `/` is index.html, `/auth` auth.html. */
export function prerenderedFile(pathname: string) {
  return `prerendered/${pathname === '/' ? 'index' : pathname.slice(1)}.html`
}

type ManifestChunk = { file: string; imports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>
type RenderPage = (
  pathname: string
) => Promise<{ markup: string; meta: { title: string; description: string } }>

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A chunk and every chunk it imports statically, as manifest keys. */
function staticGraph(manifest: Manifest, key: string, seen = new Set<string>()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticGraph(manifest, imported, seen)
  return seen
}

/** The app main.tsx starts (src/start.tsx), loaded by a dynamic import. */
export const APP_MODULE = 'src/start.tsx'

/** Modulepreload links for a chunk's graph, less what the entry already loads. */
function preloadLinks(manifest: Manifest, key: string) {
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`)
  const entry = staticGraph(manifest, 'index.html')
  return [...staticGraph(manifest, key)]
    .filter((chunk) => !entry.has(chunk))
    .map((chunk) => `<link rel="modulepreload" crossorigin href="/${manifest[chunk].file}">`)
}

const withHeadLinks = (html: string, links: string[]) =>
  html.replace('</head>', () => `${links.map((l) => `  ${l}\n  `).join('')}</head>`)

export async function writePrerenderedPages({
  outDir,
  ssrEntry,
}: {
  /** the client build's folder (dist) */
  outDir: string
  /** the SSR build of src/prerender.tsx */
  ssrEntry: string
}) {
  const { renderPage, CLIENT_ROUTES } = (await import(pathToFileURL(ssrEntry).href)) as {
    renderPage: RenderPage
    CLIENT_ROUTES: readonly string[]
  }
  const shell = readFileSync(join(outDir, 'index.html'), 'utf8')
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root')
  mkdirSync(join(outDir, 'prerendered'), { recursive: true })

  for (const [pathname, module] of Object.entries(PRERENDERED_PAGES)) {
    const { markup, meta } = await renderPage(pathname)
    // No inline script may reach the page: the Content Security Policy allows none.
    if (/<script\b/i.test(markup)) throw new Error(`${pathname} rendered an inline <script>`)
    if (!manifest[module]) throw new Error(`${module} is not in the build manifest`)
    // Functions as replacements: the markup may contain `$&` and friends.
    const html = shell
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
      .replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeHtml(meta.description)}" />`
      )
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
    writeFileSync(join(outDir, prerenderedFile(pathname)), html)
  }
  // The router's path patterns: the server answers 404 for a page path none of them matches
  // (backend/start/routes.ts, docs/decisions/0174).
  writeFileSync(join(outDir, CLIENT_ROUTES_FILE), JSON.stringify(CLIENT_ROUTES))
  // The shell starts the app at once: fetch it beside the entry, not after it.
  writeFileSync(
    join(outDir, 'index.html'),
    withHeadLinks(shell, preloadLinks(manifest, APP_MODULE))
  )
}
