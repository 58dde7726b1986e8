import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { defineConfig, drivers, FakeFeedGenerator, TmsFeedsManager } from '#plugins/tms_feeds/main'
import { CHICAGO_TO_ATLANTA } from './contract.js'

const secret = 'tmsf_manager_test_secret_1'
const makeManager = () =>
  new TmsFeedsManager(
    defineConfig({
      default: 'simulator',
      list: {
        simulator: drivers.simulator(),
        webhook: drivers.webhook({ providers: { eld: { secret, codeSet: 'edi214' } } }),
        unused: () => {
          throw new Error('an unused driver is never built')
        },
      },
    })
  )

test.group('TmsFeedsManager', () => {
  test('serves generators and receivers by kind, and says when a name is the wrong kind', async ({
    assert,
  }) => {
    const manager = makeManager()
    assert.equal((await manager.generator()).kind, 'generator')
    assert.equal((await manager.receiver()).kind, 'receiver')
    await assert.rejects(() => manager.generator('webhook'), /generates no events/)
    await assert.rejects(() => manager.receiver('simulator'), /receives no pushes/)
    const result = await manager.generate(CHICAGO_TO_ATLANTA, new Date('2026-03-10T00:00:00Z'))
    assert.deepInclude(result, { ok: true })
  })

  test('fake() answers for generators only, until restore()', async ({ assert }) => {
    const manager = makeManager()
    const fake = manager.fake()
    assert.instanceOf(fake, FakeFeedGenerator)
    assert.strictEqual(await manager.generator(), fake)
    await manager.generate(CHICAGO_TO_ATLANTA, new Date())
    assert.lengthOf(fake.calls, 1)
    assert.equal((await manager.receiver()).kind, 'receiver')
    manager.restore()
    assert.notInstanceOf(await manager.generator(), FakeFeedGenerator)
  })

  test('the container serves the configured manager: simulator and two push providers', async ({
    assert,
  }) => {
    const manager = await app.container.make('tms_feeds.manager')
    assert.instanceOf(manager, TmsFeedsManager)
    assert.equal((await manager.generator()).kind, 'generator')
    const pushed = await manager.parsePush({
      provider: 'demo_partner',
      headers: {},
      rawBody: '{}',
      now: new Date(),
    })
    assert.deepInclude(pushed, { ok: false, reason: 'bad_signature' })
    const unknown = await manager.parsePush({
      provider: 'nobody',
      headers: {},
      rawBody: '{}',
      now: new Date(),
    })
    assert.deepInclude(unknown, { ok: false, reason: 'unknown_provider' })
  })
})
