import type { IncomingMessage } from 'node:http'
import { inject } from '@adonisjs/core'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import { Exception } from '@adonisjs/core/exceptions'
import string from '@adonisjs/core/helpers/string'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import json from '@poppinss/utils/json'
import bodyParserConfig from '#config/bodyparser'

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
 * The JSON body almost every API call sends (decision 0156): `application/json`, UTF-8 if a
 * charset is named, not compressed, its length declared and within the parser's limit.
 */
const PLAIN_JSON = /^application\/json\s*(?:;\s*charset=(?:"?utf-8"?)\s*)?$/i
const JSON_OPTIONS = bodyParserConfig.json
const JSON_LIMIT_BYTES = string.bytes.parse(JSON_OPTIONS.limit ?? '1mb') ?? 1024 * 1024
const BODY_METHODS = new Set(bodyParserConfig.allowedMethods)
/** What the body parser's JSON parser accepts in strict mode: an object or an array. */
const STRICT_JSON = /^[ \t\n\r]*(\[|\{)/

/** The body parser's JSON reviver: an empty string becomes null. */
function emptyStringsToNull(key: string, value: unknown) {
  return key !== '' && value === '' ? null : value
}

/** Whether the request carries a plain JSON body this middleware reads itself. */
function isPlainJson(ctx: HttpContext): boolean {
  const { headers } = ctx.request.request
  if (!BODY_METHODS.has(ctx.request.method())) return false
  if (!PLAIN_JSON.test(headers['content-type'] ?? '')) return false
  if (headers['transfer-encoding'] !== undefined) return false
  const encoding = headers['content-encoding']
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false
  // Node reads exactly the declared length; none, zero or over the limit: the parser decides.
  const declared = headers['content-length']
  if (declared === undefined || !/^\d+$/.test(declared)) return false
  const length = Number(declared)
  return length > 0 && length <= JSON_LIMIT_BYTES
}

/** The request's body as UTF-8 text, read to its end; a request cut short is a 400. */
function readText(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const fail = () => {
      cleanup()
      reject(new Exception('request aborted', { status: 400, code: 'E_REQUEST_ABORTED' }))
    }
    const data = (chunk: Buffer) => chunks.push(chunk)
    const end = () => {
      cleanup()
      const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)
      // As the parser decodes (iconv-lite): a leading byte-order mark is dropped.
      const text = bytes.toString('utf8')
      resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
    }
    const cleanup = () => {
      request.off('data', data)
      request.off('end', end)
      request.off('error', fail)
      request.off('aborted', fail)
      request.off('close', fail)
    }
    request.on('data', data)
    request.once('end', end)
    request.once('error', fail)
    request.once('aborted', fail)
    // Closed before its end: however the connection went, the body will not come.
    request.once('close', fail)
  })
}

/**
 * What the body parser does with such a body, without its generic stream reader and its three
 * content-type matches: strict mode, empty strings to null, the same safe parse (no
 * `__proto__` or `constructor.prototype` keys kept) and the same errors (422, 400).
 */
async function parsePlainJson(ctx: HttpContext) {
  // The body parser marks every request it sees as carrying no files.
  ;(ctx.request as unknown as Record<string, unknown>)['__raw_files'] = {}
  const text = await readText(ctx.request.request)
  if (JSON_OPTIONS.strict !== false && !STRICT_JSON.test(text)) {
    throw new Exception('Invalid JSON, only supports object and array', { status: 422 })
  }
  let parsed: unknown
  try {
    parsed = json.safeParse(
      text,
      JSON_OPTIONS.convertEmptyStringsToNull ? emptyStringsToNull : undefined
    )
  } catch (error) {
    Object.assign(error as object, { status: 400, body: text })
    throw error
  }
  ctx.request.setInitialBody(parsed as Record<string, any>)
  ctx.request.updateRawBody(text)
}

/**
 * The request's body: a multipart body sent anywhere but UPLOAD_ROUTES is refused with 415
 * before anything reads it (so a large upload to /api/login or a webhook never reaches the
 * disk); RAW_BODY_ROUTES keep their raw text; a plain JSON body is read and parsed here as the
 * body parser would; every other body goes through the body parser.
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
    if (!RAW_BODY_ROUTES.includes(ctx.route?.pattern ?? '')) {
      if (!isPlainJson(ctx)) return this.parser.handle(ctx, next)
      await parsePlainJson(ctx)
      return next()
    }
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
