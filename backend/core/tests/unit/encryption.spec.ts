/*
 * Encryption on the modern driver, reading what the legacy driver wrote (docs/decisions/0209):
 * AdonisJS 6's encrypted cookies (the remember-me and known-device cookies, a cookie-stored
 * session) and signed cookies (the session id) written before the change still read.
 */
import { test } from '@japa/runner'
import encryption from '@adonisjs/core/services/encryption'

const legacy = () => encryption.use('legacy')

test.group('Encryption (#config/encryption)', () => {
  test('new values use AES-256-GCM; the legacy driver cannot read them', ({ assert }) => {
    const value = encryption.encrypt({ names: ['a@example.test'] }, undefined, 'palletline-known')
    assert.match(value, /^app\.v1:[^.]+\.[^.]+\.[^.]+$/)
    assert.deepEqual(encryption.decrypt(value, 'palletline-known'), { names: ['a@example.test'] })
    assert.isNull(legacy().decrypt(value, 'palletline-known'))
  })

  test('values the legacy driver wrote still decrypt, with their purpose', ({ assert }) => {
    const old = legacy().encrypt(['a@example.test', 'a'], undefined, 'palletline-known')
    assert.lengthOf(old.split('.'), 3)
    assert.deepEqual(encryption.decrypt(old, 'palletline-known'), ['a@example.test', 'a'])
    // A purpose still binds: the cookie's value is not another cookie's.
    assert.isNull(encryption.decrypt(old, 'remember_web'))
    assert.isNull(encryption.decrypt(old))
    // Tampered: neither driver reads it.
    assert.isNull(encryption.decrypt(old.slice(0, -2) + 'xx', 'palletline-known'))
    // Expiry as written: an expired legacy value stays expired.
    const expired = legacy().encrypt('x', -1)
    assert.isNull(encryption.decrypt(expired))
  })

  test('signed values (the session id cookie) are signed as before', ({ assert }) => {
    const now = encryption.getMessageVerifier().sign('session-id', undefined, 'palletline-session')
    const before = legacy().getMessageVerifier().sign('session-id', undefined, 'palletline-session')
    assert.equal(now, before)
    assert.equal(encryption.getMessageVerifier().unsign(before, 'palletline-session'), 'session-id')
  })
})
