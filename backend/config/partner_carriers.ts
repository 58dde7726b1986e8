import { createHash } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { defineConfig, drivers } from '#plugins/partner_carriers/main'
import { deploymentUsesRedis } from '#core/invalidation_bus'
import { redisSharedState } from '#core/redis_shared_state'

/** How long the demo partner remembers a shipment in Redis (a real partner keeps it for good). */
const DEMO_PARTNER_MEMORY_SECONDS = 30 * 24 * 60 * 60
/** One partner account per deployment: its instances share it, other deployments on the Redis do not. */
const demoPartnerAccount = createHash('sha256')
  .update(`demo_partner:${env.get('APP_KEY')}`)
  .digest('hex')
  .slice(0, 16)

/**
 * The partner carrier the TMS books with: the demo partner, or `none` (production until a real
 * partner's driver is added, docs/plugins.md "Adding a partner"): then the TMS comparison asks
 * only the lane model and nothing is booked with a partner (#config/tms, #config/rate_quoting).
 */
export const partnerCarriersDriver = env.get('PARTNER_CARRIERS_DRIVER') ?? 'demo_partner'

export default defineConfig({
  default: 'demo_partner',
  list: {
    // Tests get an instant partner that never fails; elsewhere it behaves like a real API.
    demo_partner: drivers.demo_partner({
      latencyMs: app.inTest ? [0, 0] : [20, 80],
      failureRate: env.get('DEMO_PARTNER_FAILURE_RATE') ?? (app.inTest ? 0 : 0.05),
      bolPendingFetches: 1,
      // Several instances share one partner, as they would a real one (decision 0148).
      state: deploymentUsesRedis()
        ? redisSharedState(`demo_partner:${demoPartnerAccount}:`, DEMO_PARTNER_MEMORY_SECONDS)
        : undefined,
    }),
  },
})
