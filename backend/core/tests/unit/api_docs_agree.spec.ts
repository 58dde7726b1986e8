import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { CONTRACT } from '#tests/openapi_contract'

/*
 * docs/api.md (the prose) agrees with docs/openapi.json (the contract), docs/decisions/0192:
 * - every `METHOD /path` the page names, in a route table or in its prose, is an operation of
 *   the contract (`:param` and `{param}` alike, a query string ignored);
 * - every operation of the contract is named on the page, each by its full method and path;
 * - a route table row (`| \`METHOD /path\` | ... |`) that states a status answers it: the
 *   status is listed in the contract for one of the operations the row names.
 */

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const ROUTE = new RegExp(`\`(${METHODS.join('|')}) (/[^\`\\s]*)\``, 'g')

/** Words before a number that make it a count or a limit, not a status. */
const QUANTITY_BEFORE = /(?:most|to|of|max|first|over|than|under|per|every|the) $/
/** Units after a number that make it a quantity, not a status. */
const UNIT_AFTER = /^ ?(?:characters|%|ms|s\b|a minute|miles|days|loads)/

type Contract = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }

const key = (method: string, path: string) =>
  `${method} ${path.split('?')[0].replace(/:(\w+)/g, '{$1}')}`

function contractOperations(doc: Contract) {
  const operations = new Map<string, Set<string>>()
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method.toUpperCase() as (typeof METHODS)[number])) continue
      operations.set(key(method.toUpperCase(), path), new Set(Object.keys(operation.responses)))
    }
  }
  return operations
}

/** Every `METHOD /path` named on the page, with the line that names it. */
function namedRoutes(markdown: string) {
  return markdown.split('\n').flatMap((line, index) =>
    [...line.matchAll(ROUTE)].map((match) => ({
      route: key(match[1], match[2]),
      line: index + 1,
    }))
  )
}

/** The statuses a table cell states, among the ones the contract uses anywhere. */
function statedStatuses(cell: string, known: Set<string>) {
  const found = new Set<string>()
  for (const match of cell.matchAll(/(?<![\w.\-–/])([1-5]\d\d)(?![\w%.-])/g)) {
    const before = cell.slice(Math.max(0, match.index - 12), match.index)
    const after = cell.slice(match.index + 3, match.index + 15)
    if (QUANTITY_BEFORE.test(before) || UNIT_AFTER.test(after)) continue
    if (known.has(match[1])) found.add(match[1])
  }
  return found
}

/** Route table rows: the first cell names one or more routes, the others describe them. */
function routeRows(markdown: string) {
  return markdown.split('\n').flatMap((line, index) => {
    if (!line.startsWith('| `')) return []
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim())
    const routes = [...cells[0].matchAll(ROUTE)].map((match) => key(match[1], match[2]))
    if (routes.length === 0) return []
    return [{ line: index + 1, routes, rest: cells.slice(1) }]
  })
}

const read = (path: string) => readFileSync(app.makePath(path), 'utf8')

test.group('docs/api.md agrees with docs/openapi.json', () => {
  test('every route the page names is an operation of the contract', ({ assert }) => {
    const operations = contractOperations(JSON.parse(read(CONTRACT)))
    const unknown = namedRoutes(read('docs/api.md'))
      .filter(({ route }) => !operations.has(route))
      .map(({ route, line }) => `docs/api.md:${line} names ${route}, which the contract lacks`)
    assert.deepEqual(unknown, [])
  })

  test('every operation of the contract is named on the page', ({ assert }) => {
    const operations = contractOperations(JSON.parse(read(CONTRACT)))
    const named = new Set(namedRoutes(read('docs/api.md')).map(({ route }) => route))
    const unnamed = [...operations.keys()].filter((route) => !named.has(route))
    assert.deepEqual(unnamed, [], 'operations docs/api.md does not name by method and path')
  })

  test('a status a route table row states is one the contract lists for it', ({ assert }) => {
    const operations = contractOperations(JSON.parse(read(CONTRACT)))
    const known = new Set([...operations.values()].flatMap((statuses) => [...statuses]))
    const rows = routeRows(read('docs/api.md'))
    assert.isAbove(rows.length, 100, 'the route tables are read')
    const wrong = rows.flatMap(({ line, routes, rest }) => {
      const listed = new Set(routes.flatMap((route) => [...(operations.get(route) ?? [])]))
      return [...statedStatuses(rest.join(' | '), known)]
        .filter((status) => !listed.has(status))
        .map((status) => `docs/api.md:${line} states ${status} for ${routes.join(', ')}`)
    })
    assert.deepEqual(wrong, [])
  })

  test('the reader finds statuses, and not counts or limits', ({ assert }) => {
    const known = new Set(['200', '201', '404', '409', '422', '500'])
    assert.deepEqual(
      [...statedStatuses('201 `{ id }`; 409 `Taken`; someone else’s 404, (422)', known)],
      ['201', '409', '404', '422']
    )
    assert.deepEqual(
      [...statedStatuses('at most 500, up to 200 characters, 12-200, 404.5, 1.500', known)],
      []
    )
    // A bare method names no route: each route is written out in full.
    const rows = routeRows('| `GET`, `POST /a` | 201 |\n| `GET /a`, `POST /a/:id` | x | 201 |')
    assert.deepEqual(rows, [
      { line: 1, routes: ['POST /a'], rest: ['201'] },
      { line: 2, routes: ['GET /a', 'POST /a/{id}'], rest: ['x', '201'] },
    ])
  })
})
