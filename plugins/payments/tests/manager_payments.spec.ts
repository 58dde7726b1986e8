import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { defineConfig, drivers, PaymentsManager } from '#plugins/payments/main'

test.group('PaymentsManager', () => {
  test('builds the sandbox by default and exposes its extra methods', async ({ assert }) => {
    const manager = new PaymentsManager(
      defineConfig({
        default: 'sandbox',
        list: {
          sandbox: drivers.sandbox({ webhookSecret: 'whsec_x' }),
          stripe: () => {
            throw new Error('the stripe factory must not run')
          },
        },
      })
    )
    const driver = await manager.use()
    assert.deepEqual(driver.clientConfig(), { driver: 'sandbox', publishableKey: null })
    assert.strictEqual(await manager.sandbox(), driver)
  })

  test('the container serves the configured manager', async ({ assert }) => {
    const manager = await app.container.make('payments.manager')
    assert.instanceOf(manager, PaymentsManager)
    const driver = await manager.use()
    assert.equal(driver.clientConfig().driver, 'sandbox')
  })
})
