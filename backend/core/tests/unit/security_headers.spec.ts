import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import ShieldMiddleware from '@adonisjs/shield/shield_middleware'
import shieldConfig, { CONTENT_SECURITY_POLICY } from '#config/shield'

/** The headers shield's middleware sets with this config (HSTS on or off). */
async function headersWith(hsts: boolean) {
  const encryption = (await app.container.make('encryption')).use()
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
    // The policy is fixed and sent by request setup: shield makes no per-response nonce.
    assert.notProperty(headers, 'content-security-policy')
    assert.include(CONTENT_SECURITY_POLICY, "frame-ancestors 'none'")
    assert.include(CONTENT_SECURITY_POLICY, "default-src 'self'")
    assert.notInclude(CONTENT_SECURITY_POLICY, 'nonce')
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
