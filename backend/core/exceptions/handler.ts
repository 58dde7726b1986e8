import app from '@adonisjs/core/services/app'
import { HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { errors as authErrors } from '@adonisjs/auth'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import {
  CONNECTION_LOST_MESSAGE,
  CONNECTION_LOST_RETRY_AFTER_SECONDS,
  OUTCOME_UNKNOWN_MESSAGE,
  OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS,
  isOutcomeUnknown,
  isRetryableLoss,
} from '#core/connection_loss'
import { ServiceUnavailableException } from '#core/exceptions/http_errors'
import { asRedisUnavailable } from '#core/redis_resilience'

type FieldError = { field: string; message: string; rule: string }

/**
 * Every API error is JSON `{ message, errors? }` with the statuses of docs/architecture.md (Authorization, errors).
 * Unknown errors are 500 with a generic message (details only in the log).
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  async handle(error: unknown, ctx: HttpContext) {
    if (isOutcomeUnknown(error, ctx)) {
      // The database connection was lost under a request with an Idempotency-Key: a 503 to
      // retry with the key, which is released (docs/decisions/0162).
      ctx.response.header('Retry-After', String(OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS))
      return ctx.response.status(503).send({ message: OUTCOME_UNKNOWN_MESSAGE })
    }
    if (isRetryableLoss(error, ctx)) {
      // The same under a read or a sign-in: sending it again is safe (docs/decisions/0168).
      ctx.response.header('Retry-After', String(CONNECTION_LOST_RETRY_AFTER_SECONDS))
      return ctx.response.status(503).send({ message: CONNECTION_LOST_MESSAGE })
    }
    // Redis away (a closed connection, a command refused while reconnecting) is a 503 the
    // client may retry, never a 500 (docs/decisions/0160).
    error = asRedisUnavailable(error) ?? error
    const { status, body } = this.toJson(error)
    if (error instanceof ServiceUnavailableException) {
      ctx.response.header('Retry-After', String(error.retryAfterSeconds))
    }
    if (status === 429 && error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      const headers = error.getDefaultHeaders?.() ?? {}
      for (const [name, value] of Object.entries(headers)) ctx.response.header(name, value)
      if (!ctx.response.getHeader('Retry-After')) {
        ctx.response.header('Retry-After', String(error.response.availableIn))
      }
    }
    if (
      !ctx.request.url().startsWith('/api/') &&
      status === 404 &&
      ctx.request.method() === 'GET'
    ) {
      return super.handle(error, ctx)
    }
    return ctx.response.status(status).send(body)
  }

  private toJson(error: unknown): {
    status: number
    body: { message: string; errors?: FieldError[] }
  } {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const errors = (error.messages as FieldError[]).map(({ field, message, rule }) => ({
        field,
        message,
        rule,
      }))
      return { status: 422, body: { message: errors[0]?.message ?? 'Validation failed', errors } }
    }
    if (error instanceof authErrors.E_INVALID_CREDENTIALS) {
      return { status: 401, body: { message: 'Invalid email or password' } }
    }
    if (error instanceof authErrors.E_UNAUTHORIZED_ACCESS) {
      return { status: 401, body: { message: 'Not signed in' } }
    }
    if (error instanceof lucidErrors.E_ROW_NOT_FOUND) {
      return { status: 404, body: { message: 'Not found' } }
    }
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      // A limit that says more (a locked account, decision 0211) gives its own explanation.
      const explanation = (error as { explanation?: unknown }).explanation
      const message =
        typeof explanation === 'string' ? explanation : 'Too many attempts. Please try again later.'
      return { status: 429, body: { message } }
    }
    if (error instanceof ServiceUnavailableException) {
      return { status: 503, body: { message: error.message } }
    }
    if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) {
      // A policy may answer 404 (someone else's record is indistinguishable from none).
      return {
        status: error.response.status ?? 403,
        body: { message: error.response.message || 'You do not have access to this resource' },
      }
    }
    const e = error as { status?: number; code?: string; message?: string }
    if (e?.code === 'E_BAD_CSRF_TOKEN') {
      return { status: 403, body: { message: 'Invalid or missing CSRF token' } }
    }
    if (e?.code === 'E_ROUTE_NOT_FOUND') {
      return { status: 404, body: { message: 'Not found' } }
    }
    if (typeof e?.status === 'number' && (e.status === 502 || e.status === 503) && e.message) {
      // A provider (payments, mail) failed: say so instead of a generic 500.
      return { status: e.status, body: { message: e.message } }
    }
    // A body the parser cannot read is answered by the body middleware itself
    // (#core/middleware/request_body_middleware), before it gets here.
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      return { status: e.status, body: { message: e.message || 'Bad request' } }
    }
    return { status: 500, body: { message: 'Internal server error' } }
  }

  async report(error: unknown, ctx: HttpContext) {
    const unavailable = asRedisUnavailable(error)
    if (unavailable) {
      // Expected while Redis is away; the outage itself is logged once by its connection.
      ctx.logger.warn({ reason: (error as Error)?.message }, unavailable.message)
      return
    }
    return super.report(error, ctx)
  }
}
