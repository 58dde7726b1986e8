import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { observeRequest } from '#core/metrics'

/**
 * One log line per request with method, url, status and duration, and the same duration in the
 * latency histogram under the route's pattern (#core/metrics). ctx.logger is a pino child
 * logger that carries the request id, so every line logged for the request has it.
 */
export default class RequestLogMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const started = process.hrtime.bigint()
    const requestId = ctx.request.id()
    if (requestId) ctx.response.header('X-Request-Id', requestId)
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
