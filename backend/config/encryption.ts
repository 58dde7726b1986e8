import { defineConfig, drivers } from '@adonisjs/core/encryption'
import { appKey } from '#config/app'
import { readingOlder } from '#core/legacy_encryption'

/**
 * Encryption (encrypted cookies, two-factor secrets at rest) with AdonisJS 7's AES-256-GCM
 * driver and APP_KEY. What AdonisJS 6's format (the legacy driver) wrote with the same key
 * still decrypts: two-factor secrets stored before the change, remember-me and known-device
 * cookies (docs/decisions/0209). Signed cookies (the session id) depend on the key alone.
 * `encryption.use('legacy')` writes the old format, for the tests that prove it still reads.
 */
const legacy = drivers.legacy({ keys: [appKey] })

export default defineConfig({
  default: 'app',
  list: {
    app: readingOlder(drivers.aes256gcm({ id: 'app', keys: [appKey] }), legacy),
    legacy,
  },
})
