/*
 * One owner per table (docs/architecture.md "Table ownership"):
 * only the owning module writes a table, not even with a raw query. Reads every backend module
 * and plugin with the TypeScript parser, finds query chains that write (`insert`, `update`,
 * `delete`, ...) on a named table (`.from('t')`, `.table('t')`, `.into('t')`), and fails on a
 * write by a module that does not own the table. The owners are the table in
 * docs/architecture.md, so the document and the check cannot drift apart. Run by
 * `npm run boundaries`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

process.chdir(new URL('..', import.meta.url).pathname)

const WRITES = new Set([
  'insert',
  'update',
  'delete',
  'del',
  'increment',
  'decrement',
  'merge',
  'upsert',
  'truncate',
  'returning',
])
const NAMERS = new Set(['from', 'table', 'into'])

/**
 * Writes that are known debt, each with the plan that removes it. A new entry needs a reason;
 * an entry that no longer matches anything fails the check, so the list only shrinks.
 */
const KNOWN_DEBT = {}

function owners() {
  const doc = readFileSync('docs/architecture.md', 'utf8')
  const section = doc.split('## Table ownership')[1]?.split('\n## ')[0]
  if (!section) throw new Error('docs/architecture.md has no "## Table ownership" section')
  const map = new Map()
  for (const line of section.split('\n')) {
    const match = line.match(/^\|\s*`([a-z_]+)`\s*\|\s*([a-z_:]+)\s*\|/)
    if (match) map.set(match[1], match[2])
  }
  return map
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      return ['tests', 'node_modules', 'fixtures'].includes(name) ? [] : files(path)
    }
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : []
  })
}

/** backend/<module>/... → module; plugins/<name>/... → plugin:<name>; else null (app wiring). */
function moduleOf(path) {
  const [root, name] = path.split('/')
  if (root === 'backend' && !['start', 'bin', 'config', 'tests', 'commands'].includes(name)) {
    return name
  }
  if (root === 'plugins' && name && !name.endsWith('.ts')) return `plugin:${name}`
  return null
}

/** Method names along the chain a call sits in, outwards: db.from('t').where(..).update(..) */
function chainMethods(node) {
  const names = []
  let current = node
  while (
    current.parent &&
    (ts.isPropertyAccessExpression(current.parent) || ts.isCallExpression(current.parent))
  ) {
    current = current.parent
    if (ts.isPropertyAccessExpression(current)) names.push(current.name.text)
  }
  // Inwards too: db.table('t') may be preceded by insertQuery().
  let inner = node.expression
  while (inner && (ts.isPropertyAccessExpression(inner) || ts.isCallExpression(inner))) {
    if (ts.isPropertyAccessExpression(inner)) names.push(inner.name.text)
    inner = inner.expression
  }
  return names
}

const tableOwners = owners()
const problems = []
const debtSeen = new Set()
for (const path of [...files('backend'), ...files('plugins')].map((p) => relative('.', p))) {
  const module = moduleOf(path)
  if (!module) continue
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      NAMERS.has(node.expression.name.text) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const table = node.arguments[0].text.split(/\s+as\s+/)[0]
      const writes = chainMethods(node).some((name) => WRITES.has(name))
      if (writes) {
        const owner = tableOwners.get(table)
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1
        if (!owner)
          problems.push(`${path}:${line}: table ${table} has no owner in docs/architecture.md`)
        else if (owner !== module) {
          const key = `${module} -> ${table}`
          if (KNOWN_DEBT[key]) debtSeen.add(key)
          else problems.push(`${path}:${line}: ${module} writes ${table}, owned by ${owner}`)
        }
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
}
for (const key of Object.keys(KNOWN_DEBT)) {
  if (!debtSeen.has(key))
    problems.push(`known debt "${key}" no longer occurs: remove it from the list`)
}
for (const table of tableOwners.keys()) {
  if (!/^[a-z_]+$/.test(table)) problems.push(`bad table name ${table} in docs/architecture.md`)
}

if (problems.length) {
  console.error(`✖ table ownership: ${problems.length} problem(s)`)
  for (const p of problems) console.error(`  ${p}`)
  process.exit(1)
}
console.log(
  `✔ table ownership: ${tableOwners.size} tables, every write by its owner` +
    (debtSeen.size ? ` (known debt: ${[...debtSeen].join('; ')})` : '')
)
