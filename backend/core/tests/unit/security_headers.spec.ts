import { test } from '@japa/runner'
import { SECURITY_HEADERS, securityHeaders } from '#core/security_headers'

test.group('Security headers', () => {
  test('a production server adds HSTS: 180 days, subdomains included', ({ assert }) => {
    const headers = securityHeaders(true)
    assert.equal(headers['Strict-Transport-Security'], 'max-age=15552000; includeSubDomains')
    assert.include(headers, SECURITY_HEADERS)
  })

  test('elsewhere (plain HTTP in development and tests) there is no HSTS', ({ assert }) => {
    assert.notProperty(securityHeaders(false), 'Strict-Transport-Security')
    assert.deepEqual(securityHeaders(false), SECURITY_HEADERS)
  })
})
