import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import ShieldMiddleware from '@adonisjs/shield/shield_middleware'
import shieldConfig from '#config/shield'

/** The headers shield's middleware sets with this config (HSTS on or off). */
async function headersWith(hsts: boolean) {
  const encryption = await app.container.make('encryption')
  const shield = new ShieldMiddleware(
    { ...shieldConfig, hsts: { ...shieldConfig.hsts, enabled: hsts } },
    encryption
  )
  const ctx = await testUtils.createHttpContext()
  await shield.handle(ctx, async () => {})
  return ctx.response.getHeaders()
}

test.group('Security headers (shield, #config/shield)', () => {
  test('one policy, no framing, no MIME sniffing', async ({ assert }) => {
    const headers = await headersWith(false)
    assert.include(String(headers['content-security-policy']), "frame-ancestors 'none'")
    assert.include(String(headers['content-security-policy']), "default-src 'self'")
    assert.equal(headers['x-frame-options'], 'DENY')
    assert.equal(headers['x-content-type-options'], 'nosniff')
    assert.notProperty(headers, 'strict-transport-security')
  })

  test('HSTS: 180 days, subdomains included, on in production only', async ({ assert }) => {
    const headers = await headersWith(true)
    assert.equal(headers['strict-transport-security'], 'max-age=15552000; includeSubDomains')
    assert.equal(shieldConfig.hsts.enabled, app.inProduction)
  })
})
