import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { SECURITY_HEADERS } from '#core/security_headers'

/**
 * Runs before the static file server, so `/`, `/index.html` and every asset carry the same
 * headers as the API (the static server writes to the raw response and skips shield).
 */
export default class SecurityHeadersMiddleware {
  handle({ response }: HttpContext, next: NextFn) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      response.response.setHeader(name, value)
    }
    return next()
  }
}
