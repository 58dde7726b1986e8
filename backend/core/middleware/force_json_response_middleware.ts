import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** API calls always get JSON errors, never redirects, whatever their Accept header says. */
export default class ForceJsonResponseMiddleware {
  handle({ request }: HttpContext, next: NextFn) {
    if (request.url().startsWith('/api/')) {
      const headers = request.headers()
      headers.accept = 'application/json'
    }
    return next()
  }
}
