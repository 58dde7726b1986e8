import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
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
 * ends. Non-JSON bodies (HTML, scripts) are checked for status and media type only.
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

  const fetchWithoutCheck = globalThis.fetch
  globalThis.fetch = async function (input: any, init?: any) {
    const response = await fetchWithoutCheck(input, init)
    const request = input instanceof Request ? input : null
    const url = new URL(request?.url ?? String(input))
    if (!isTestServer(url)) return response
    const method = String(init?.method ?? request?.method ?? 'GET').toUpperCase()
    let requestBody: unknown
    try {
      requestBody = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    } catch {
      requestBody = undefined
    }
    const text = await response.clone().text()
    const violation = observe({
      method,
      url: url.toString(),
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
      request: requestBody,
    })
    if (violation) report(violation)
    return response
  }
}

/** For the runner's teardown: contract violations that happened outside any test. */
export function assertNoStrayViolations() {
  if (stray.length) {
    throw new Error(`The API contract was broken outside a test:\n- ${stray.join('\n- ')}`)
  }
}
