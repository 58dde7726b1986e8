import { test } from '@japa/runner'
import { DriverManager } from '../driver_manager.js'

type Driver = { id: number }

/** A factory that awaits before building, as every lazy `import()` factory does. */
function slowFactory() {
  let built = 0
  const factory = async () => {
    await new Promise((resolve) => setTimeout(resolve, 10))
    built += 1
    return { id: built }
  }
  return { factory, built: () => built }
}

test.group('DriverManager', () => {
  test('two first calls at once build one driver and share it', async ({ assert }) => {
    const { factory, built } = slowFactory()
    const manager = new DriverManager<Driver, { slow: typeof factory }>({
      default: 'slow',
      list: { slow: factory },
    })
    const [first, second] = await Promise.all([manager.use(), manager.use('slow')])
    assert.equal(built(), 1)
    assert.strictEqual(first, second)
    assert.strictEqual(await manager.use(), first)
    assert.equal(built(), 1)
  })

  test('rebuild drops the built driver, and a fake stays in front of it', async ({ assert }) => {
    const { factory, built } = slowFactory()
    const manager = new DriverManager<Driver, { slow: typeof factory }>({
      default: 'slow',
      list: { slow: factory },
    })
    const first = await manager.use()
    manager.rebuild('slow')
    const second = await manager.use()
    assert.equal(built(), 2)
    assert.notStrictEqual(second, first)
    const fake = manager.swap({ id: 99 })
    manager.rebuild()
    assert.strictEqual(await manager.use(), fake)
    manager.restore()
    assert.equal((await manager.use()).id, 3)
  })

  test('a factory that failed is asked again on the next call', async ({ assert }) => {
    let calls = 0
    const flaky = async () => {
      calls += 1
      if (calls === 1) throw new Error('SDK failed to load')
      return { id: calls }
    }
    const manager = new DriverManager<Driver, { flaky: typeof flaky }>({
      default: 'flaky',
      list: { flaky },
    })
    await assert.rejects(() => manager.use(), 'SDK failed to load')
    assert.deepEqual(await manager.use(), { id: 2 })
  })

  test('extend registers a driver the config does not list; forget removes it', async ({
    assert,
  }) => {
    const manager = new DriverManager<Driver, { one: () => Driver }>({
      default: 'one',
      list: { one: () => ({ id: 1 }) },
    })
    await assert.rejects(() => manager.use('acme'), 'Unknown driver "acme"')
    const { factory, built } = slowFactory()
    manager.extend('acme', factory)
    assert.isTrue(manager.has('acme'))
    assert.deepEqual(manager.names(), ['one', 'acme'])
    const [a, b] = await Promise.all([manager.use('acme'), manager.use('acme')])
    assert.strictEqual(a, b)
    assert.equal(built(), 1)
    assert.throws(() => manager.extend('one', factory), 'Driver "one" is already registered')
    manager.forget('acme')
    assert.isFalse(manager.has('acme'))
    await assert.rejects(() => manager.use('acme'), 'Unknown driver "acme"')
  })
})
