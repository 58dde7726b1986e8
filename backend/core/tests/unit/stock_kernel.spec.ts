/*
 * A stock kernel (issue 34, docs/decisions/0195): the app changes no framework or library
 * prototype, replaces no method of a package's object nor a global of the platform such as
 * `globalThis.fetch` (docs/decisions/0208), and imports only what a package exports.
 * Every TypeScript source of backend/ and plugins/ is read and checked.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { createRequire } from 'node:module'
import { test } from '@japa/runner'

const ROOT = new URL('../../../../', import.meta.url).pathname
const require = createRequire(join(ROOT, 'package.json'))

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Comments out of the way (a comment may describe what the code must not do). */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')

/** Module specifiers of static imports, re-exports and dynamic imports. */
function specifiers(text: string): string[] {
  const found: string[] = []
  const patterns = [
    /\bimport\s+(?:type\s+)?(?:[\w$*{}\s,]+\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?[\w$*{}\s,]+\s+from\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1])
  return found
}

const isPackage = (specifier: string) =>
  !specifier.startsWith('.') && !specifier.startsWith('#') && !specifier.startsWith('node:')

function packageName(specifier: string) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

const exportsByPackage = new Map<string, unknown>()
function exportsOf(name: string): unknown {
  if (!exportsByPackage.has(name)) {
    let exports: unknown = null
    try {
      const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8'))
      exports = manifest.exports ?? null
    } catch {
      // A package whose package.json is not exported itself: read it from node_modules.
      try {
        const file = join(ROOT, 'node_modules', name, 'package.json')
        exports = JSON.parse(readFileSync(file, 'utf8')).exports ?? null
      } catch {
        exports = null
      }
    }
    exportsByPackage.set(name, exports)
  }
  return exportsByPackage.get(name)
}

/** Whether a package's `exports` map offers this subpath (`.`, `./x`, `./x/*`). */
function exported(exports: unknown, subpath: string): boolean {
  if (typeof exports === 'string' || Array.isArray(exports)) return subpath === '.'
  if (!exports || typeof exports !== 'object') return false
  const keys = Object.keys(exports)
  // Conditions only (`{ import, require }`): the package's main entry alone.
  if (!keys.some((key) => key.startsWith('.'))) return subpath === '.'
  return keys.some((key) => {
    if (key === subpath) return true
    const star = key.indexOf('*')
    if (star === -1) return key.endsWith('/') && subpath.startsWith(key)
    return subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1))
  })
}

/** Every import of a package path that the package does not export. */
export function privateImports(text: string): string[] {
  return specifiers(text)
    .filter(isPackage)
    .filter((specifier) => {
      const name = packageName(specifier)
      const subpath = specifier === name ? '.' : `.${specifier.slice(name.length)}`
      const exports = exportsOf(name)
      // Without an `exports` map every file of a package is its public surface (Node's rules).
      return exports !== null && !exported(exports, subpath)
    })
}

/** Writes to a prototype, or to a method of an object imported from a package. */
export function patches(text: string): string[] {
  const code = withoutComments(text)
  const found: string[] = []
  const prototypeWrites = [
    /[\w$\]).]+\.prototype(?:\.[\w$]+|\[[^\]]+\])\s*(?:=(?!=)|\|\|=|\?\?=)/g,
    /Object\.(?:defineProperty|defineProperties|assign|setPrototypeOf)\(\s*[\w$.]+\.prototype\b/g,
    /Reflect\.(?:set|defineProperty)\(\s*[\w$.]+\.prototype\b/g,
  ]
  for (const pattern of prototypeWrites) for (const m of code.matchAll(pattern)) found.push(m[0])
  // The platform's own globals (`globalThis.fetch = ...`): observe them (diagnostics_channel),
  // or pass a function where one is wanted, rather than replace them for every caller.
  const globalWrites = [
    /(?<![\w$.])(?:globalThis|global)\s*(?:\.\s*([\w$]+)|\[\s*['"`]([\w$]+)['"`]\s*\])\s*(?:=(?!=)|\|\|=|\?\?=)/g,
    /(?:Object\.defineProperty|Reflect\.(?:set|defineProperty))\(\s*(?:globalThis|global)\s*,\s*['"`]([\w$]+)['"`]/g,
  ]
  for (const pattern of globalWrites) {
    for (const m of code.matchAll(pattern)) {
      if ((m[1] ?? m[2]) in globalThis) found.push(m[0].trim())
    }
  }
  // Names bound by imports from packages: `emitter.emit = ...` on one replaces the package's.
  const imported = new Set<string>()
  const importLine = /\bimport\s+(?!type\b)([\w$*{}\s,]+?)\s+from\s+['"]([^'"]+)['"]/g
  for (const [, clause, specifier] of code.matchAll(importLine)) {
    if (!isPackage(specifier)) continue
    for (const name of clause.replace(/[{}]/g, ' ').split(/[\s,]+/)) {
      const bound = name.includes(' as ') ? name.split(' as ')[1] : name
      if (/^[\w$]+$/.test(bound) && bound !== 'as' && bound !== 'type') imported.add(bound)
    }
    for (const alias of clause.matchAll(/\bas\s+([\w$]+)/g)) imported.add(alias[1])
  }
  // A function put in place of one of its methods (a setting such as `vine.messagesProvider`
  // or Luxon's `Settings.defaultZone` is the package's own public switch).
  for (const name of imported) {
    const write = new RegExp(
      `(^|[^\\w$.])${name.replace(/\$/g, '\\$')}\\.[\\w$]+\\s*=(?!=)\\s*(?:\\(|function\\b|async\\b|[\\w$]+\\s*=>|[\\w$.]+\\.bind\\()`,
      'gm'
    )
    for (const m of code.matchAll(write)) found.push(m[0].trim())
  }
  return found
}

test.group('A stock kernel', () => {
  test('the checks catch what they are for', ({ assert }) => {
    assert.lengthOf(patches('Router.prototype.match = function () {}'), 1)
    assert.lengthOf(patches("Object.defineProperty(Logger.prototype, 'x', {})"), 1)
    assert.lengthOf(
      patches("import emitter from '@adonisjs/core/services/emitter'\nemitter.emit = (e) => f(e)"),
      1
    )
    assert.lengthOf(patches("import { x } from '#core/y'\nx.count = 1"), 0)
    assert.lengthOf(patches('// Router.prototype.match = function () {}'), 0)
    assert.lengthOf(patches('globalThis.fetch = async (input) => check(await f(input))'), 1)
    assert.lengthOf(patches("global['fetch'] = wrapped"), 1)
    assert.lengthOf(patches("Object.defineProperty(globalThis, 'fetch', { value: f })"), 1)
    assert.lengthOf(patches('globalThis.setTimeout ??= fake'), 1)
    assert.lengthOf(
      patches('const send = globalThis.fetch\nif (globalThis.fetch === send) go()'),
      0
    )
    assert.lengthOf(patches('globalThis.palletlineTestState = {}'), 0)
    assert.deepEqual(privateImports("import x from '@adonisjs/shield/build/src/guards/csrf.js'"), [
      '@adonisjs/shield/build/src/guards/csrf.js',
    ])
    assert.deepEqual(privateImports("import x from '@adonisjs/shield/shield_middleware'"), [])
    assert.deepEqual(privateImports("const m = () => import('@adonisjs/core/build/src/x.js')"), [
      '@adonisjs/core/build/src/x.js',
    ])
  })

  test('no source of backend/ or plugins/ patches a prototype or a package’s object', ({
    assert,
  }) => {
    const self = relative(ROOT, new URL(import.meta.url).pathname)
    const found = [...sources('backend'), ...sources('plugins')]
      .filter((file) => file !== self)
      .flatMap((file) =>
        patches(readFileSync(join(ROOT, file), 'utf8')).map((patch) => `${file}: ${patch}`)
      )
    assert.deepEqual(found, [])
  })

  test('no source of backend/ or plugins/ imports a path a package does not export', ({
    assert,
  }) => {
    const self = relative(ROOT, new URL(import.meta.url).pathname)
    const found = [...sources('backend'), ...sources('plugins')]
      .filter((file) => file !== self)
      .flatMap((file) =>
        privateImports(readFileSync(join(ROOT, file), 'utf8')).map((path) => `${file}: ${path}`)
      )
    assert.deepEqual(found, [])
  })
})
