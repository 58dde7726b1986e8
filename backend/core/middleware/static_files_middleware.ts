import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'

/** The built frontend's files, looked up only for paths outside the API. */
@inject()
export default class StaticFilesMiddleware {
  constructor(private files: StaticMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    if (ctx.request.url().startsWith('/api/')) return next()
    return this.files.handle(ctx, next)
  }
}
