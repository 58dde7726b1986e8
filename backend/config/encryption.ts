import { defineConfig, drivers } from '@adonisjs/core/encryption'
import { appKey } from '#config/app'

/**
 * Encryption (cookies, the session cookie, two-factor secrets at rest) with AdonisJS 6's
 * format and APP_KEY: the legacy driver reads what the 6.x app wrote, so signed-in sessions and
 * stored two-factor secrets survive the upgrade (docs/decisions/0198).
 */
export default defineConfig({
  default: 'legacy',
  list: {
    legacy: drivers.legacy({ keys: [appKey] }),
  },
})
