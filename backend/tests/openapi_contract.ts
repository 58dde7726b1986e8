import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import diagnostics from 'node:diagnostics_channel'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { ApiClient, type ApiRequest, type ApiResponse } from '@japa/api-client'
import { getActiveTest } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

/**
 * The functional suite checks every response it receives against the API contract
 * (docs/openapi.json): an undocumented route or status, a media type the operation does not
 * answer with, or a JSON body that does not match the documented schema fails the test that got
 * it. Japa's API client throws at the call; plain `fetch` to the test server (the Browserless
 * helper, the tests' own calls, the sandbox's webhook delivery) fails the running test when it
 * ends. `fetch` is Node's own: its answers are observed through undici's diagnostics channels
 * (docs/decisions/0208), never by replacing `globalThis.fetch`. Non-JSON bodies (HTML, scripts)
 * are checked for status and media type only.
 *
 * With OPENAPI_RECORD=<file> set, exchanges are appended to that file instead of checked
 * (scripts/openapi-from-samples.js drafts schemas of a new endpoint from them).
 */
export const CONTRACT = 'docs/openapi.json'

type Operation = { responses?: Record<string, any> }
type Exchange = {
  method: string
  url: string
  status: number
  contentType: string
  /** the raw body text; '' when there was none */
  text: string
  request?: unknown
}

let contract: { document: any; ajv: Ajv2020 } | undefined
const validators = new Map<string, ValidateFunction>()

function load() {
  if (!contract) {
    const document = JSON.parse(readFileSync(app.makePath(CONTRACT), 'utf8'))
    const ajv = new Ajv2020({ allErrors: true, strict: false })
    addFormats.default(ajv)
    // Schemas point at `#/components/...` of the document: compile them against it.
    ajv.addSchema({ $id: 'contract', components: document.components ?? {} })
    contract = { document, ajv }
  }
  return contract
}

/** `/api/bookings/:id` → `/api/bookings/{id}` */
export const toOpenApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}')

/** A `#/components/...` reference of the document, resolved. */
function resolve(node: any): any {
  let current = node
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    const pointer = String(current.$ref).replace(/^#\//, '').split('/')
    current = pointer.reduce(
      (at: any, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      load().document
    )
  }
  return current
}

function validatorFor(key: string, schema: unknown) {
  let validate = validators.get(key)
  if (!validate) {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"contract#/components/')
    validate = load().ajv.compile(JSON.parse(text))
    validators.set(key, validate)
  }
  return validate
}

const mediaType = (contentType: string) => contentType.split(';')[0].trim().toLowerCase()

/** What is wrong with one exchange according to the contract; null when it conforms. */
export function contractViolation(exchange: Exchange): string | null {
  const { method, status, contentType, text } = exchange
  const pathname = new URL(exchange.url, 'http://x').pathname
  const matched = router.match(pathname, method, true)
  // An unknown path (the JSON 404 of /api/*, the app's HTML for the rest) is not an endpoint.
  if (!matched || matched.route.pattern.includes('*')) return null
  const path = toOpenApiPath(matched.route.pattern)
  const where = `${method} ${path} ${status}`
  const operation: Operation | undefined = load().document.paths?.[path]?.[method.toLowerCase()]
  if (!operation) return `${method} ${path} is not in ${CONTRACT}`
  const response = resolve(operation.responses?.[String(status)])
  if (!response) return `${method} ${path} answered ${status}, which ${CONTRACT} does not document`
  const content: Record<string, { schema?: unknown }> | undefined = response.content
  const type = mediaType(contentType)
  if (!content) {
    return text.length > 0
      ? `${where} has a body (${type || 'no content type'}) where ${CONTRACT} documents none`
      : null
  }
  if (!content[type]) {
    return `${where} answered ${type || 'no content type'}, ${CONTRACT} documents ${Object.keys(content).join(', ')}`
  }
  const schema = content[type].schema
  if (type !== 'application/json' || !schema) return null
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `${where} answered malformed JSON`
  }
  const validate = validatorFor(`${method} ${path} ${status}`, schema)
  if (validate(body)) return null
  const errors = (validate.errors ?? [])
    .slice(0, 8)
    .map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`
    )
    .join('; ')
  return `${where} does not match ${CONTRACT}: ${errors} (body: ${text.slice(0, 300)})`
}

/* ---------- recording (OPENAPI_RECORD) ---------- */

let routesDumped = false

function record(file: string, exchange: Exchange) {
  if (!routesDumped) {
    routesDumped = true
    const routes = Object.values(router.toJSON())
      .flat()
      .map((route: any) => ({
        pattern: route.pattern,
        methods: route.methods.filter((m: string) => m !== 'HEAD'),
      }))
    writeFileSync(`${file}.routes.json`, JSON.stringify(routes, null, 2))
  }
  const matched = router.match(new URL(exchange.url, 'http://x').pathname, exchange.method, true)
  if (!matched) return
  let response: unknown
  try {
    response =
      mediaType(exchange.contentType) === 'application/json' ? JSON.parse(exchange.text) : undefined
  } catch {
    response = undefined
  }
  const sample = {
    method: exchange.method,
    path: toOpenApiPath(matched.route.pattern),
    status: exchange.status,
    request: exchange.request,
    response,
    contentType: exchange.contentType,
  }
  appendFileSync(file, JSON.stringify(sample) + '\n')
}

/** Records the exchange, or returns what is wrong with it. */
function observe(exchange: Exchange): string | null {
  const file = process.env.OPENAPI_RECORD
  if (file) {
    record(file, exchange)
    return null
  }
  return contractViolation(exchange)
}

/* ---------- installation ---------- */

/**
 * The JSON body a Japa request sent (`.json()`, `.unsafeJson()`), read back through
 * superagent's public `toJSON()` and `get()`; undefined for form, multipart and body-less ones.
 */
function jsonBody(request: ApiRequest): unknown {
  const agent = request.request
  if (mediaType(String(agent.get('content-type') ?? '')) !== 'application/json') return undefined
  const data = agent.toJSON().data
  if (typeof data !== 'string') return data
  try {
    return JSON.parse(data)
  } catch {
    return undefined
  }
}

/** Violations seen by `fetch` outside any test (a group hook): they fail the run at its end. */
const stray: string[] = []
/** Violations seen by `fetch` during each running test. */
const pending = new WeakMap<object, string[]>()

/** Fails the running test when it ends (so app code calling fetch is never interrupted). */
function report(violation: string) {
  const test = getActiveTest()
  if (!test) {
    stray.push(violation)
    return
  }
  const seen = pending.get(test)
  if (seen) {
    seen.push(violation)
    return
  }
  const list = [violation]
  pending.set(test, list)
  test.cleanup(() => {
    pending.delete(test)
    throw new Error(`The API contract was broken:\n- ${list.join('\n- ')}`)
  })
}

function isTestServer(url: URL) {
  return (
    url.port === String(process.env.PORT) &&
    ['127.0.0.1', 'localhost', '0.0.0.0', process.env.HOST].includes(url.hostname)
  )
}

/** Checks every response of Japa's API client, and of `fetch` calls to the test server. */
export function installContractCheck() {
  ApiClient.teardown((response: ApiResponse) => {
    const { method, endpoint } = response.request.config
    const violation = observe({
      method,
      url: endpoint,
      status: response.status(),
      contentType: String(response.header('content-type') ?? ''),
      text: response.text() ?? '',
      // Only a recording keeps the request's body (for scripts/openapi-from-samples.js).
      request: process.env.OPENAPI_RECORD ? jsonBody(response.request) : undefined,
    })
    if (violation) throw new Error(violation)
  })

  watchFetch({ isTarget: isTestServer, report })
}

/* ---------- fetch, observed ---------- */

/**
 * What undici publishes about one request (`undici:request:*`, Node's diagnostics_channel):
 * its `request` object names origin, method and path; the response comes as status, raw header
 * list and body chunks, and `trailers` says it is complete.
 */
type UndiciRequest = { origin: string | URL; method: string; path: string }
type Watched = {
  url: URL
  method: string
  status: number
  headers: Map<string, string>
  sent: Buffer[]
  received: Buffer[]
}

const chunk = (value: unknown) =>
  Buffer.isBuffer(value) ? value : Buffer.from(value as string | Uint8Array)

/** The body as the caller reads it: undici publishes it before fetch decodes Content-Encoding. */
function decoded(body: Buffer, encoding: string | undefined): string {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body).toString('utf8')
    case 'deflate':
      return inflateSync(body).toString('utf8')
    case 'br':
      return brotliDecompressSync(body).toString('utf8')
    default:
      return body.toString('utf8')
  }
}

/**
 * Checks the answer to every `fetch` (and any other undici request) whose URL `isTarget`
 * accepts, through undici's public diagnostics channels: it observes, it replaces nothing, and
 * the caller's response is untouched. An answer is checked once its body has arrived; a body
 * the caller never reads past undici's buffer (or a stream that never ends) is not checked.
 * Returns the function that stops watching.
 */
export function watchFetch(options: {
  isTarget: (url: URL) => boolean
  report: (violation: string) => void
}): () => void {
  const watched = new WeakMap<object, Watched>()
  const recording = () => Boolean(process.env.OPENAPI_RECORD)
  const handlers: Record<string, (message: any) => void> = {
    'undici:request:create': ({ request }: { request: UndiciRequest }) => {
      let url: URL
      try {
        url = new URL(request.path, request.origin)
      } catch {
        return
      }
      if (!options.isTarget(url)) return
      const method = String(request.method).toUpperCase()
      watched.set(request, { url, method, status: 0, headers: new Map(), sent: [], received: [] })
    },
    'undici:request:bodyChunkSent': ({ request, chunk: sent }) => {
      // Only a recording keeps the request's body (for scripts/openapi-from-samples.js).
      if (recording()) watched.get(request)?.sent.push(chunk(sent))
    },
    'undici:request:headers': ({ request, response }) => {
      const entry = watched.get(request)
      if (!entry) return
      entry.status = response.statusCode
      const raw: unknown[] = response.headers
      for (let i = 0; i + 1 < raw.length; i += 2) {
        entry.headers.set(String(raw[i]).toLowerCase(), String(raw[i + 1]))
      }
    },
    'undici:request:bodyChunkReceived': ({ request, chunk: received }) => {
      watched.get(request)?.received.push(chunk(received))
    },
    'undici:request:error': ({ request }) => void watched.delete(request),
    'undici:request:trailers': ({ request }) => {
      const entry = watched.get(request)
      if (!entry) return
      watched.delete(request)
      let text: string
      try {
        text = decoded(Buffer.concat(entry.received), entry.headers.get('content-encoding'))
      } catch {
        options.report(`${entry.method} ${entry.url.pathname}: a body that does not decode`)
        return
      }
      let requestBody: unknown
      if (entry.sent.length) {
        try {
          requestBody = JSON.parse(Buffer.concat(entry.sent).toString('utf8'))
        } catch {
          requestBody = undefined
        }
      }
      const violation = observe({
        method: entry.method,
        url: entry.url.toString(),
        status: entry.status,
        contentType: entry.headers.get('content-type') ?? '',
        text,
        request: requestBody,
      })
      if (violation) options.report(violation)
    },
  }
  for (const [name, handler] of Object.entries(handlers)) diagnostics.subscribe(name, handler)
  return () => {
    for (const [name, handler] of Object.entries(handlers)) diagnostics.unsubscribe(name, handler)
  }
}

/** For the runner's teardown: contract violations that happened outside any test. */
export function assertNoStrayViolations() {
  if (stray.length) {
    throw new Error(`The API contract was broken outside a test:\n- ${stray.join('\n- ')}`)
  }
}
