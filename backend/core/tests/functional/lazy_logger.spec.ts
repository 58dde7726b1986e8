import { test } from '@japa/runner'
import { Writable } from 'node:stream'
import { Logger } from '@adonisjs/core/logger'
import logger from '@adonisjs/core/services/logger'
import { lazyChild } from '#core/lazy_logger'

/** A logger at `level` whose lines are collected, parsed. */
function collecting(level: string) {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  const parent = new Logger({ enabled: true, name: 'lazy', level, desination: destination } as any)
  return { parent, lines }
}

/** docs/decisions/0153: a request's logger is made when it first writes. */
test.group('Request loggers made on first use', () => {
  test('a line below the level writes nothing and makes no child', ({ assert }) => {
    const { parent, lines } = collecting('warn')
    const child = lazyChild(parent, { request_id: 'r-1' })
    assert.instanceOf(child, Logger)
    child.info({ url: '/api/health' }, 'request')
    child.debug('details')
    assert.isFalse((child as any).materialized)
    assert.isFalse(child.isLevelEnabled('info'))
    assert.isTrue(child.isLevelEnabled('error'))
    assert.lengthOf(lines, 0)
  })

  test('a line at the level carries the bindings, as the framework’s child did', ({ assert }) => {
    const { parent, lines } = collecting('warn')
    const child = lazyChild(parent, { request_id: 'r-2' })
    child.warn({ status: 404 }, 'not found')
    child.error('failed %s', 'twice')
    assert.isTrue((child as any).materialized)
    assert.lengthOf(lines, 2)
    assert.include(lines[0], { request_id: 'r-2', status: 404, msg: 'not found', level: 40 })
    assert.include(lines[1], { request_id: 'r-2', msg: 'failed twice', level: 50 })
    // A child of the child keeps both sets of bindings.
    child.child({ job: 'j' }).error('nested')
    assert.include(lines[2], { request_id: 'r-2', job: 'j', msg: 'nested' })
  })

  test('a child’s own level is its own', ({ assert }) => {
    const { parent, lines } = collecting('warn')
    const chatty = lazyChild(parent, { request_id: 'r-3' })
    chatty.level = 'debug'
    chatty.debug('seen')
    parent.debug('not seen')
    const quiet = lazyChild(parent, { request_id: 'r-4' }, { level: 'error' })
    quiet.warn('dropped')
    assert.deepEqual(
      lines.map((line) => line.msg),
      ['seen']
    )
    assert.equal(chatty.level, 'debug')
    assert.equal(parent.level, 'warn')
  })

  test('the app logger’s children are made this way', ({ assert }) => {
    const child = logger.child({ request_id: 'r-5' })
    assert.instanceOf(child, Logger)
    assert.property(child, 'materialized')
    assert.deepInclude(child.bindings(), { request_id: 'r-5' })
  })
})
