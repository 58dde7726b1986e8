/*
 * One set of column adapters (issue 34, docs/decisions/0207): #core/columns' adapters read and
 * write as the models need, and no model carries its own copy of one.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { booleanColumn, decimalColumn, jsonColumn } from '#core/columns'

const ROOT = new URL('../../../../', import.meta.url).pathname

function models(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : models(path)
    return path.includes('/models/') && entry.name.endsWith('.ts') ? [path] : []
  })
}

test.group('column adapters', () => {
  test('JSON: stored as text, read back from text (SQLite) or as the driver parsed it (PostgreSQL)', ({
    assert,
  }) => {
    assert.equal(jsonColumn.prepare({ l: 48 }), '{"l":48}')
    assert.equal(jsonColumn.prepare(['VAN']), '["VAN"]')
    assert.isNull(jsonColumn.prepare(null))
    assert.isNull(jsonColumn.prepare(undefined))
    assert.deepEqual(jsonColumn.consume('{"l":48}'), { l: 48 })
    assert.deepEqual(jsonColumn.consume({ l: 48 }), { l: 48 })
    assert.isNull(jsonColumn.consume(null))
    assert.equal(jsonColumn.consume('not json'), 'not json')
  })

  test('decimal and bigint: a number from PostgreSQL’s string, null kept', ({ assert }) => {
    assert.strictEqual(decimalColumn.consume('41.88580000'), 41.8858)
    assert.strictEqual(decimalColumn.consume('123456'), 123456)
    assert.strictEqual(decimalColumn.consume(12.5), 12.5)
    assert.isNull(decimalColumn.consume(null))
    assert.isNull(decimalColumn.consume(undefined))
  })

  test('boolean: SQLite’s 0 and 1 as booleans', ({ assert }) => {
    assert.isTrue(booleanColumn.consume(1))
    assert.isFalse(booleanColumn.consume(0))
    assert.isTrue(booleanColumn.consume(true))
  })

  test('no model writes its own JSON, decimal or boolean adapter', ({ assert }) => {
    const files = [...models('backend'), ...models('plugins')]
    assert.isAbove(files.length, 20)
    const copies = files.filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      return /consume\s*:|prepare\s*:/.test(text)
    })
    assert.deepEqual(copies, [], 'use #core/columns (docs/decisions/0207)')
  })
})
