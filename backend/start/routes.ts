/*
 * Route table. Each module declares its own routes in <module>/routes.ts; this file loads
 * them and adds the SPA history fallback that serves the built frontend.
 */
import router from '@adonisjs/core/services/router'
import app from '@adonisjs/core/services/app'
import { readFile, stat } from 'node:fs/promises'
import { middleware } from '#start/kernel'
import env from '#start/env'
import { precompressedCopy } from '#core/precompressed'

await import('#accounts/routes')
await import('#fleet/routes')
await import('#marketplace/routes')
await import('#payments/routes')
await import('#freight_board/routes')
await import('#trust/routes')
await import('#tms/routes')
await import('#reviews/routes')
await import('#admin/routes')
await import('#logistics/routes')
await import('#finance/routes')
await import('#messages/routes')
await import('#alerts/routes')
await import('#notifications/routes')
await import('#analytics/routes')
await import('#operations/routes')

// The health check: no session, no CSRF token, no cookie.
router.get('/api/health', async () => ({ status: 'ok' })).use(middleware.needs({ stateless: true }))

// The API contract and its reference page (docs/openapi.json), public like the health check.
const ApiContractController = () => import('#core/controllers/api_contract_controller')
const stateless = middleware.needs({ stateless: true })
router.get('/api/openapi.json', [ApiContractController, 'document']).use(stateless)
router.get('/api/docs', [ApiContractController, 'page']).use(stateless)
router
  .get('/api/docs/assets/:file', [ApiContractController, 'asset'])
  .use([
    stateless,
    middleware.scope({ kind: 'public', reason: 'the reference page’s static files, by file name' }),
  ])

// The business constants the screens print and fill in (docs/decisions/0200, 0201): the same
// for everyone, so no session and no cookie, and cacheable.
const PlatformConstantsController = () => import('#core/controllers/platform_constants_controller')
router.get('/api/platform/constants', [PlatformConstantsController, 'show']).use(stateless)

router.any('/api/*', async ({ response }) => response.notFound({ message: 'Not found' }))

// A missing file (`/assets/app-123.js`, `/favicon.png`) is a 404, never the app's HTML: app
// routes have no file extension.
const FILE_PATH = /\/[^/]*\.[a-z0-9]+$/i

// The public pages the frontend build prerendered (frontend/prerender.ts): `/` is
// prerendered/index.html, `/auth` prerendered/auth.html. A query string may change what the page
// shows (`/auth?tab=signup`), so those get the shell.
const PRERENDERABLE = /^\/[a-z-]*$/
const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false
  )

async function prerenderedPage(path: string, hasQuery: boolean) {
  if (!PRERENDERABLE.test(path) || hasQuery) return null
  const page = app.publicPath(`prerendered/${path === '/' ? 'index' : path.slice(1)}.html`)
  return (await isFile(page)) ? page : null
}

// The router's path patterns, written by the frontend build (frontend/prerender.ts): a page path
// none of them matches is a 404, still with the app's HTML, whose router shows its not-found
// page (docs/decisions/0174). A build without the file (older builds) serves every path.
type RouteMatcher = (path: string) => boolean
let clientRoutes: Promise<RouteMatcher | null> | undefined

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function loadClientRoutes(): Promise<RouteMatcher | null> {
  try {
    const patterns = JSON.parse(
      await readFile(app.publicPath('client-routes.json'), 'utf8')
    ) as string[]
    const regexes = patterns.map(
      (pattern) =>
        new RegExp(
          '^' +
            pattern
              .split('/')
              .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
              .join('/') +
            '/?$'
        )
    )
    return (path) => regexes.some((regex) => regex.test(path))
  } catch {
    return null
  }
}

async function isClientRoute(path: string) {
  clientRoutes ??= loadClientRoutes()
  const matches = await clientRoutes
  return matches === null || matches(decodeURIComponentSafe(path))
}

function decodeURIComponentSafe(path: string) {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

// A public page's canonical address, for search engines: only from APP_URL, never from the
// request's Host.
const APP_URL = env.get('APP_URL')?.replace(/\/$/, '')

// Any other GET is a frontend route: serve its prerendered page if the build made one, else
// index.html, and let react-router decide (404 included). Compressed when the client accepts it.
router.get('*', async ({ request, response }) => {
  const path = request.url()
  if (FILE_PATH.test(path) || path.startsWith('/assets/')) {
    return response
      .status(404)
      .header('content-type', 'text/plain; charset=utf-8')
      .send('Not found')
  }
  try {
    const prerendered = await prerenderedPage(path, request.url(true).includes('?'))
    const file = prerendered ?? app.publicPath('index.html')
    if (!prerendered && !(await isClientRoute(path))) response.status(404)
    const copy = await precompressedCopy(file, request.encodings())
    const html = await readFile(copy ? file + copy.suffix : file)
    if (copy) response.header('content-encoding', copy.encoding)
    if (prerendered && APP_URL) response.header('link', `<${APP_URL}${path}>; rel="canonical"`)
    return response
      .header('content-type', 'text/html; charset=utf-8')
      .header('vary', 'Accept-Encoding')
      .send(html)
  } catch {
    return response
      .status(503)
      .send(
        'The frontend is not built yet. Run `npm run build:frontend` (npm start does it for you).'
      )
  }
})
