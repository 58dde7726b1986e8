/*
 * Drafts response and request schemas for docs/openapi.json from what the functional suite
 * actually sent and received (`OPENAPI_RECORD=tmp/samples.jsonl npm test -- --suites=functional`
 * writes the samples). The contract itself is edited by hand; this only proposes the shapes of
 * a new endpoint, or of the first version of the document:
 *   node scripts/openapi-from-samples.js tmp/samples.jsonl > draft.json
 * Each property is required when every sample had it, nullable when a sample had null.
 */
import { readFileSync } from 'node:fs'

const [samplesFile] = process.argv.slice(2)
const samples = readFileSync(samplesFile, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
const routes = JSON.parse(readFileSync(`${samplesFile}.routes.json`, 'utf8'))

const DATE = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** An accumulator of every value seen at one place. */
const empty = () => ({
  types: new Set(),
  formats: new Set(),
  props: new Map(),
  objects: 0,
  items: null,
})

function add(acc, value) {
  if (value === null) acc.types.add('null')
  else if (Array.isArray(value)) {
    acc.types.add('array')
    acc.items ??= empty()
    for (const item of value) add(acc.items, item)
  } else if (typeof value === 'object') {
    acc.types.add('object')
    acc.objects++
    for (const [key, v] of Object.entries(value)) {
      if (!acc.props.has(key)) acc.props.set(key, { acc: empty(), seen: 0 })
      const prop = acc.props.get(key)
      prop.seen++
      add(prop.acc, v)
    }
  } else if (typeof value === 'number')
    acc.types.add(Number.isInteger(value) ? 'integer' : 'number')
  else if (typeof value === 'string') {
    acc.types.add('string')
    acc.formats.add(DATE_TIME.test(value) ? 'date-time' : DATE.test(value) ? 'date' : '')
  } else acc.types.add(typeof value)
}

function emit(acc) {
  const types = new Set(acc.types)
  if (types.has('integer') && types.has('number')) types.delete('integer')
  const schema = {}
  const list = [...types]
  if (list.length === 0) return {}
  schema.type = list.length === 1 ? list[0] : list.sort()
  if (types.has('string') && acc.formats.size === 1) {
    const [format] = acc.formats
    if (format) schema.format = format
  }
  if (types.has('array')) schema.items = acc.items && acc.items.types.size ? emit(acc.items) : {}
  if (types.has('object')) {
    schema.properties = {}
    const required = []
    for (const [key, prop] of [...acc.props].sort(([a], [b]) => a.localeCompare(b))) {
      schema.properties[key] = emit(prop.acc)
      if (prop.seen === acc.objects) required.push(key)
    }
    if (required.length) schema.required = required
  }
  return schema
}

const toPath = (pattern) => pattern.replace(/:(\w+)/g, '{$1}')
const paths = {}
const byOp = new Map()
for (const s of samples) {
  const key = `${s.method} ${s.path}`
  if (!byOp.has(key)) byOp.set(key, { request: empty(), requests: 0, statuses: new Map() })
  const op = byOp.get(key)
  if (s.status < 300 && s.request !== undefined && s.request !== null) {
    add(op.request, s.request)
    op.requests++
  }
  if (!op.statuses.has(s.status)) op.statuses.set(s.status, { acc: empty(), json: false })
  const st = op.statuses.get(s.status)
  if (s.contentType.includes('application/json') && s.response !== undefined) {
    st.json = true
    if (s.status < 400) add(st.acc, s.response)
  }
}
for (const route of routes) {
  if (route.pattern.includes('*')) continue
  const path = toPath(route.pattern)
  for (const method of route.methods) {
    const op = byOp.get(`${method} ${path}`)
    const operation = { responses: {} }
    const params = [...route.pattern.matchAll(/:(\w+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: name === 'accountId' ? { type: 'string' } : { type: 'integer', minimum: 1 },
    }))
    if (params.length) operation.parameters = params
    if (op?.requests) {
      operation.requestBody = {
        content: { 'application/json': { schema: emit(op.request) } },
      }
    }
    for (const [status, st] of [...(op?.statuses ?? new Map())].sort(([a], [b]) => a - b)) {
      operation.responses[status] =
        status >= 400
          ? { $ref: `#/components/responses/${status === 422 ? 'ValidationFailed' : 'Error'}` }
          : st.json
            ? { description: 'OK', content: { 'application/json': { schema: emit(st.acc) } } }
            : { description: 'OK' }
    }
    paths[path] ??= {}
    paths[path][method.toLowerCase()] = operation
  }
}
process.stdout.write(JSON.stringify({ paths }, null, 2) + '\n')
