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

/** The body parser, except on RAW_BODY_ROUTES. */
@inject()
export default class RequestBodyMiddleware {
  constructor(private parser: BodyParserMiddleware) {}

  async handle(ctx: HttpContext, next: NextFn) {
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
