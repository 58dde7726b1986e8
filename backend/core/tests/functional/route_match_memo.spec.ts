import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'

/** docs/decisions/0153: a URL's route is found once, and each request has its own params. */
test.group('Route matches kept', () => {
  test('the same answer every time, with params of its own each time', ({ assert }) => {
    const first = router.match('/api/freight-listings/41/audits', 'GET')
    const second = router.match('/api/freight-listings/41/audits', 'GET')
    assert.isNotNull(first)
    assert.equal(first!.route.pattern, second!.route.pattern)
    assert.deepEqual(first!.params, second!.params)
    assert.notStrictEqual(first!.params, second!.params)
    first!.params.id = 'changed'
    assert.notEqual(router.match('/api/freight-listings/41/audits', 'GET')!.params.id, 'changed')
    assert.isNull(router.match('/api/health', 'PROPFIND'))
    assert.isNull(router.match('/api/health', 'PROPFIND'))
  })
})
