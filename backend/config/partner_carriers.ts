import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { defineConfig, drivers } from '#plugins/partner_carriers/main'

export default defineConfig({
  default: env.get('PARTNER_CARRIERS_DRIVER') ?? 'demo_partner',
  list: {
    // Tests get an instant partner that never fails; elsewhere it behaves like a real API.
    demo_partner: drivers.demo_partner({
      latencyMs: app.inTest ? [0, 0] : [20, 80],
      failureRate: env.get('DEMO_PARTNER_FAILURE_RATE') ?? (app.inTest ? 0 : 0.05),
      bolPendingFetches: 1,
    }),
  },
})
