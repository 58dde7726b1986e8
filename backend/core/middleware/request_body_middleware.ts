import { inject } from '@adonisjs/core'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import bodyParserConfig from '#config/bodyparser'
import { routeNeeds } from '#core/middleware/route_needs_middleware'

const MULTIPART = /^multipart\//i

/** The content types the body parser reads as JSON (#config/bodyparser). */
const JSON_TYPES = new Set(bodyParserConfig.json.types.map((type) => type.toLowerCase()))
const isJson = (contentType: string) =>
  JSON_TYPES.has(contentType.split(';', 1)[0].trim().toLowerCase())

/**
 * The request's body, read by AdonisJS's body parser, with what the routes declared
 * (`middleware.needs`, #core/middleware/route_needs_middleware):
 *
 * - a multipart body sent to a route that does not declare `upload` is refused with 415 before
 *   anything reads it (a large upload to /api/login never reaches the disk);
 * - a `rawBody` route's body is left for that route's own middleware to read as text;
 * - a JSON body the parser cannot read (malformed, or a bare value where strict mode wants an
 *   object or an array) is a 400 `Malformed JSON body`, told from any later error by where it
 *   was thrown: before the rest of the pipeline ran.
 */
@inject()
export default class RequestBodyMiddleware {
  constructor(private parser: BodyParserMiddleware) {}

  async handle(ctx: HttpContext, next: NextFn) {
    const needs = routeNeeds(ctx)
    const type = ctx.request.header('content-type') ?? ''
    if (MULTIPART.test(type) && !needs.upload) {
      return ctx.response
        .status(415)
        .send({ message: 'This endpoint does not accept file uploads' })
    }
    if (needs.rawBody) return next()
    let parsed = false
    try {
      return await this.parser.handle(ctx, () => {
        parsed = true
        return next()
      })
    } catch (error) {
      const status = (error as { status?: unknown }).status
      if (!parsed && isJson(type) && (status === 400 || status === 422)) {
        return ctx.response.status(400).send({ message: 'Malformed JSON body' })
      }
      throw error
    }
  }
}
