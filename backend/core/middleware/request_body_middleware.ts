import { inject } from '@adonisjs/core'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Routes whose body is read as raw text, whatever its content type, and never parsed here: a
 * signed webhook is verified on its exact bytes and parsed by the provider's driver, which
 * answers 400 for a body that is not JSON.
 */
export const RAW_BODY_ROUTES: readonly string[] = [
  '/api/webhooks/payments',
  '/api/tms/feeds/:provider',
]
const RAW_BODY_LIMIT_BYTES = 1024 * 1024

/**
 * Route patterns that accept multipart uploads; each processes the stream itself (bodyparser's
 * autoProcess is off): a carrier's proof of delivery (tms) and insurance certificate (trust), 10 MB,
 * PDF/JPEG/PNG by content.
 */
export const UPLOAD_ROUTES: readonly string[] = [
  '/api/tms/shipments/:id/documents',
  '/api/carrier/insurance',
]

const MULTIPART = /^multipart\//i

/**
 * The request's body: a multipart body sent anywhere but UPLOAD_ROUTES is refused with 415
 * before anything reads it (so a large upload to /api/login or a webhook never reaches the
 * disk); RAW_BODY_ROUTES keep their raw text; every other body goes through the body parser.
 */
@inject()
export default class RequestBodyMiddleware {
  constructor(private parser: BodyParserMiddleware) {}

  async handle(ctx: HttpContext, next: NextFn) {
    const type = ctx.request.header('content-type') ?? ''
    if (MULTIPART.test(type) && !UPLOAD_ROUTES.includes(ctx.route?.pattern ?? '')) {
      return ctx.response
        .status(415)
        .send({ message: 'This endpoint does not accept file uploads' })
    }
    if (!RAW_BODY_ROUTES.includes(ctx.route?.pattern ?? '')) return this.parser.handle(ctx, next)
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of ctx.request.request) {
      size += chunk.length
      if (size > RAW_BODY_LIMIT_BYTES) {
        return ctx.response.status(413).send({ message: 'The request body is too large' })
      }
      chunks.push(chunk)
    }
    ctx.request.setInitialBody({})
    ctx.request.updateRawBody(Buffer.concat(chunks).toString('utf8'))
    return next()
  }
}
