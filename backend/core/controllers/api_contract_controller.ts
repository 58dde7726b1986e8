import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const SWAGGER_UI = join(require.resolve('swagger-ui-dist/package.json'), '..')
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
}

let contract: string | undefined

/**
 * The API contract (docs/openapi.json) for its clients, and a reference page rendered from it by
 * swagger-ui-dist, served from node_modules (no CDN): the page's own script is a file too, as
 * the Content-Security-Policy allows no inline script.
 */
export default class ApiContractController {
  /** GET /api/openapi.json */
  async document({ response }: HttpContext) {
    contract ??= await readFile(app.makePath('docs/openapi.json'), 'utf8')
    return response
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(contract)
  }

  /** GET /api/docs */
  async page({ response }: HttpContext) {
    return response.header('content-type', 'text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PalletLine API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/start.js"></script>
</body>
</html>`)
  }

  /** GET /api/docs/assets/:file: swagger-ui's files, and the script that starts it. */
  async asset({ params, response }: HttpContext) {
    if (params.file === 'start.js') {
      return response.header('content-type', 'text/javascript; charset=utf-8').send(
        // Tags start folded, with a filter: swagger-ui 5 stops rendering a fully expanded
        // list past about 130 operations (the contract has more), and folded reads better.
        "window.SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api-reference', deepLinking: true, docExpansion: 'none', filter: true })\n"
      )
    }
    const type = ASSETS[params.file]
    if (!type) return response.notFound({ message: 'Not found' })
    return response
      .header('content-type', type)
      .header('cache-control', 'public, max-age=86400')
      .send(await readFile(join(SWAGGER_UI, params.file)))
  }
}
