import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { ApiClient, ApiRequest, type ApiResponse } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

/**
 * The functional suite checks every response it receives against the API contract
 * (docs/openapi.json): an undocumented route or status, or a body that does not match the
 * documented schema, fails the test that got it. With OPENAPI_RECORD=<file> set, each exchange
 * is also appended to that file (scripts/openapi-samples.js turns them into schemas).
 */
const CONTRACT = 'docs/openapi.json'

type Sample = {
  method: string
  path: string
  status: number
  request?: unknown
  response?: unknown
  contentType: string
}

let validators: Map<string, ValidateFunction | null> | undefined
let document: any

function load() {
  document ??= JSON.parse(readFileSync(app.makePath(CONTRACT), 'utf8'))
  validators ??= new Map()
  return document
}

/** `/api/bookings/:id` → `/api/bookings/{id}` */
export const toOpenApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}')

function validatorFor(path: string, method: string, status: number) {
  const doc = load()
  const key = `${method} ${path} ${status}`
  if (validators!.has(key)) return validators!.get(key)
  const operation = doc.paths?.[path]?.[method.toLowerCase()]
  if (!operation) throw new Error(`${method} ${path} is not in ${CONTRACT}`)
  const response = operation.responses?.[String(status)]
  if (!response)
    throw new Error(`${method} ${path} answered ${status}, not documented in ${CONTRACT}`)
  const schema = response.content?.['application/json']?.schema
  let validate: ValidateFunction | null = null
  if (schema) {
    const ajv = new Ajv2020({ allErrors: true, strict: false })
    addFormats.default(ajv)
    ajv.addSchema({ $id: 'contract', components: doc.components ?? {} })
    validate = ajv.compile({
      ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"contract#/components/')),
    })
  }
  validators!.set(key, validate)
  return validate
}

/** Checks one exchange against the contract; throws a readable error when it does not match. */
export function checkAgainstContract(
  method: string,
  url: string,
  status: number,
  body: unknown,
  contentType: string
) {
  const pathname = new URL(url, 'http://x').pathname
  const matched = router.match(pathname, method)
  // An unknown path (the JSON 404 of /api/*, the app's HTML for the rest) is not an endpoint.
  if (!matched || matched.route.pattern.includes('*')) return
  const path = toOpenApiPath(matched.route.pattern)
  const validate = validatorFor(path, method, status)
  if (validate && contentType.includes('application/json') && !validate(body)) {
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message}`)
      .join('; ')
    throw new Error(`${method} ${path} ${status} does not match ${CONTRACT}: ${errors}`)
  }
}

/** One exchange seen by a test client: recorded (OPENAPI_RECORD) or checked. */
export function observe(
  method: string,
  url: string,
  status: number,
  request: unknown,
  body: unknown,
  contentType: string
) {
  const record = process.env.OPENAPI_RECORD
  if (record && !routesDumped) {
    routesDumped = true
    const routes = Object.values(router.toJSON())
      .flat()
      .map((route: any) => ({
        pattern: route.pattern,
        methods: route.methods.filter((m: string) => m !== 'HEAD'),
        middleware: [...route.middleware.all()].map((m: any) => m.name).filter(Boolean),
      }))
    writeFileSync(`${record}.routes.json`, JSON.stringify(routes, null, 2))
  }
  const pathname = new URL(url, 'http://x').pathname
  const matched = router.match(pathname, method)
  if (record) {
    if (!matched) return
    const sample: Sample = {
      method,
      path: toOpenApiPath(matched.route.pattern),
      status,
      request,
      response: body,
      contentType,
    }
    appendFileSync(record, JSON.stringify(sample) + '\n')
    return
  }
  checkAgainstContract(method, url, status, body, contentType)
}

let routesDumped = false

const bodies = new WeakMap<ApiRequest, unknown>()

/** Installs the check (and the recorder) on Japa's API client. */
export function installContractCheck() {
  const json = ApiRequest.prototype.json
  ApiRequest.prototype.json = function (this: ApiRequest, values: any) {
    bodies.set(this, values)
    return json.call(this, values)
  }
  ApiClient.teardown((response: ApiResponse) => {
    const { method, endpoint } = response.request.config
    const contentType = String(response.header('content-type') ?? '')
    const body = contentType.includes('application/json') ? response.body() : undefined
    observe(method, endpoint, response.status(), bodies.get(response.request), body, contentType)
  })
}
