/*
 * Route table. Each module declares its own routes in <module>/routes.ts; this file loads
 * them and adds the SPA history fallback that serves the built frontend.
 */
import router from '@adonisjs/core/services/router'
import app from '@adonisjs/core/services/app'
import { readFile } from 'node:fs/promises'
import { middleware } from '#start/kernel'

await import('#accounts/routes')
await import('#fleet/routes')
await import('#marketplace/routes')
await import('#payments/routes')
await import('#freight_board/routes')
await import('#tms/routes')
await import('#admin/routes')
await import('#analytics/routes')

router.get('/api/health', async () => ({ status: 'ok' }))

// The API contract and its reference page (docs/openapi.json), public like the health check.
const ApiContractController = () => import('#core/controllers/api_contract_controller')
router.get('/api/openapi.json', [ApiContractController, 'document'])
router.get('/api/docs', [ApiContractController, 'page'])
router
  .get('/api/docs/assets/:file', [ApiContractController, 'asset'])
  .use(
    middleware.scope({ kind: 'public', reason: 'the reference page’s static files, by file name' })
  )

router.any('/api/*', async ({ response }) => response.notFound({ message: 'Not found' }))

// A missing file (`/assets/app-123.js`, `/favicon.png`) is a 404, never the app's HTML: app
// routes have no file extension.
const FILE_PATH = /\/[^/]*\.[a-z0-9]+$/i

// Any other GET is a frontend route: serve index.html and let react-router decide (404 included).
router.get('*', async ({ request, response }) => {
  if (FILE_PATH.test(request.url()) || request.url().startsWith('/assets/')) {
    return response
      .status(404)
      .header('content-type', 'text/plain; charset=utf-8')
      .send('Not found')
  }
  try {
    const html = await readFile(app.publicPath('index.html'), 'utf8')
    return response.header('content-type', 'text/html; charset=utf-8').send(html)
  } catch {
    return response
      .status(503)
      .send(
        'The frontend is not built yet. Run `npm run build:frontend` (npm start does it for you).'
      )
  }
})
