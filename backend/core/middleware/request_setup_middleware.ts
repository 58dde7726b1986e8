import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { observeRequest } from '#core/metrics'
import { CONTENT_SECURITY_POLICY } from '#config/shield'

/** Referrers never leak paths to other sites (shield sets the other security headers but the CSP). */
const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/** API calls always get JSON errors, never redirects, whatever their Accept header says. */
function answerApiInJson({ request }: HttpContext) {
  if (request.url().startsWith('/api/')) request.headers().accept = 'application/json'
}

/**
 * The first step of every request, matched route or not: the request id sent back as
 * `X-Request-Id`, the Referrer-Policy and the fixed Content-Security-Policy (#config/shield; shield,
 * the next step, sets the other security headers),
 * JSON answers for `/api/`, and once the response is made one log line (method, url, status,
 * duration) and the same duration in the latency histogram under the route's pattern
 * (#core/metrics). `ctx.logger` is a pino child logger that carries the request id, so every
 * line logged for the request has it.
 *
 * One middleware rather than four: each middleware is a hop through the framework's pipeline
 * (an awaited call per hop), a per cent or more of the cheapest request each.
 */
export default class RequestSetupMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const started = process.hrtime.bigint()
    const requestId = ctx.request.id()
    if (requestId) ctx.response.header('X-Request-Id', requestId)
    ctx.response.header('Referrer-Policy', REFERRER_POLICY)
    ctx.response.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    answerApiInJson(ctx)
    try {
      await next()
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6
      const status = ctx.response.getStatus()
      const method = ctx.request.method()
      observeRequest(method, ctx.route?.pattern ?? null, status, durationMs)
      const line = {
        method,
        url: ctx.request.url(),
        status,
        durationMs: Math.round(durationMs * 10) / 10,
      }
      if (status >= 500) ctx.logger.error(line, 'request failed')
      else ctx.logger.info(line, 'request')
    }
  }
}
