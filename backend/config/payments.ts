import { createHmac } from 'node:crypto'
import env from '#start/env'
import { defineConfig, drivers } from '#plugins/payments/main'

/** Where the app answers for the sandbox's own webhook deliveries (server to server). */
const appUrl = (env.get('APP_URL') ?? `http://127.0.0.1:${env.get('PORT') ?? 3333}`).replace(
  /\/$/,
  ''
)

/** The sandbox's webhook secret needs no setup: derived from APP_KEY. */
const sandboxWebhookSecret = `whsec_sbx_${createHmac('sha256', env.get('APP_KEY'))
  .update('payments.sandbox.webhook_secret')
  .digest('hex')}`

export default defineConfig({
  default: env.get('PAYMENTS_DRIVER') ?? 'sandbox',
  list: {
    sandbox: drivers.sandbox({
      webhookSecret: sandboxWebhookSecret,
      webhookUrl: `${appUrl}/api/webhooks/payments`,
      // Relative: served on the origin the carrier is on (APP_URL when set).
      onboardingUrl: '/sandbox/onboarding',
    }),
    stripe: drivers.stripe({
      secretKey: env.get('STRIPE_SECRET_KEY') ?? '',
      publishableKey: env.get('STRIPE_PUBLISHABLE_KEY') ?? null,
      webhookSecret: env.get('STRIPE_WEBHOOK_SECRET') ?? '',
    }),
  },
})
