import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

/*
 * Every transaction the code opens checks its BEGIN and its COMMIT (docs/decisions/0168): a
 * connection lost under them is thrown, never taken for success. Lucid's `db.transaction(work)`
 * does not check them; `transaction` and `writeTransaction` of #core/transactions do. Only
 * that module may call Lucid's form in backend/; tests may (they open transactions to roll
 * them back). Plugins cannot import core (docs/plugins.md): the sandbox payment provider's own
 * ledger is a simulation of the provider's side, not the platform's money.
 */
const UNCHECKED = /\bdb\s*\.\s*transaction\s*\(/g
const EXEMPT = new Set(['backend/core/transactions.ts'])

function sources() {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'backend'],
    { cwd: app.makePath(), encoding: 'utf8' }
  )
  return listed
    .split('\n')
    .filter((path) => path.endsWith('.ts') && !/\/tests?\//.test(path) && !EXEMPT.has(path))
}

test.group('Transactions check their BEGIN and COMMIT', () => {
  test('no code outside #core/transactions opens a transaction with db.transaction', ({
    assert,
  }) => {
    const found: string[] = []
    for (const path of sources()) {
      let text: string
      try {
        text = readFileSync(app.makePath(path), 'utf8')
      } catch {
        continue // listed by git, deleted in the working tree
      }
      for (const match of text.matchAll(UNCHECKED)) {
        found.push(`${path}:${text.slice(0, match.index).split('\n').length}`)
      }
    }
    assert.deepEqual(found, [], 'use transaction() or writeTransaction() of #core/transactions')
  })
})
