import { test } from '@japa/runner'
import { AnalyticsManager, defineConfig, FakeAnalyticsDriver } from '#plugins/analytics/main'
import type { AnalyticsDriver, AnalyticsEvent } from '#plugins/analytics/main'

const event = (name: string): AnalyticsEvent => ({
  name,
  userId: null,
  path: '/',
  properties: {},
  occurredAt: new Date('2026-01-01T00:00:00Z'),
})

test.group('AnalyticsManager', () => {
  test('builds the default driver lazily, once', async ({ assert }) => {
    let built = 0
    const recorded: string[] = []
    const config = defineConfig({
      default: 'memory',
      list: {
        memory: (): AnalyticsDriver => {
          built += 1
          return { track: async (e) => void recorded.push(e.name) }
        },
      },
    })
    const manager = new AnalyticsManager(config)
    assert.equal(built, 0)
    await manager.track(event('a'))
    await manager.track(event('b'))
    assert.equal(built, 1)
    assert.deepEqual(recorded, ['a', 'b'])
  })

  test('fake() captures events until restore()', async ({ assert }) => {
    const recorded: string[] = []
    const manager = new AnalyticsManager(
      defineConfig({
        default: 'x',
        list: { x: () => ({ track: async (e) => void recorded.push(e.name) }) },
      })
    )
    const fake = manager.fake()
    assert.instanceOf(fake, FakeAnalyticsDriver)
    await manager.track(event('page_view'))
    assert.deepEqual(
      fake.events.map((e) => e.name),
      ['page_view']
    )
    assert.deepEqual(recorded, [])
    manager.restore()
    await manager.track(event('login'))
    assert.deepEqual(recorded, ['login'])
  })
})
