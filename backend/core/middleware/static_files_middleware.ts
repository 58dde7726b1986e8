import { extname } from 'node:path'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'
import { precompressedCopy } from '#core/precompressed'

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

/**
 * The built frontend's files, looked up only for paths outside the API. `/` is a route too (its
 * prerendered page, backend/start/routes.ts), not the folder's index.html, which is the shell
 * of the routes that are not prerendered. The hashed bundles under /assets/ go out as the
 * build's compressed copies when the client accepts them, cached for good (a new build has new
 * file names).
 */
@inject()
export default class StaticFilesMiddleware {
  constructor(private files: StaticMiddleware) {}

  async handle(ctx: HttpContext, next: NextFn) {
    const url = ctx.request.url()
    if (url === '/' || url.startsWith('/api/')) return next()
    const type = ASSET_TYPES[extname(url)]
    if (url.startsWith('/assets/') && type && !url.includes('..')) {
      const copy = await precompressedCopy(app.publicPath(url), ctx.request.encodings())
      if (copy) {
        ctx.response.header('Cache-Control', 'public, max-age=31536000, immutable')
        ctx.response.header('Vary', 'Accept-Encoding')
        ctx.response.header('Content-Encoding', copy.encoding)
        ctx.response.header('Content-Type', type)
        // The static server sends the file the (path of the) URL names: the compressed copy.
        ctx.request.request.url = `${url}${copy.suffix}`
      }
    }
    return this.files.handle(ctx, next)
  }
}
