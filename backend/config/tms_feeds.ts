import { createHmac } from 'node:crypto'
import env from '#start/env'
import { defineConfig, drivers } from '#plugins/tms_feeds/main'

/**
 * A provider's push secret: TMS_FEED_SECRET_<PROVIDER> when set (give it to the partner),
 * else one derived from APP_KEY, so local demos need no setup and no two apps share one.
 */
export const secretOf = (provider: string, fromEnv: string | undefined) =>
  fromEnv ??
  `tmsf_${createHmac('sha256', env.get('APP_KEY')).update(`tms_feeds.webhook.${provider}`).digest('hex')}`

export default defineConfig({
  default: env.get('TMS_FEEDS_DRIVER') ?? 'simulator',
  list: {
    simulator: drivers.simulator({ positionEveryHours: 2 }),
    webhook: drivers.webhook({
      toleranceSeconds: 300,
      providers: {
        demo_partner: {
          codeSet: 'demo_partner',
          secret: secretOf('demo_partner', env.get('TMS_FEED_SECRET_DEMO_PARTNER')),
        },
        edi214: {
          codeSet: 'edi214',
          secret: secretOf('edi214', env.get('TMS_FEED_SECRET_EDI214')),
        },
      },
    }),
  },
})

/** The secret a provider signs its pushes with (for the operator, demos and tests). */
export function pushSecret(provider: 'demo_partner' | 'edi214') {
  return provider === 'demo_partner'
    ? secretOf('demo_partner', env.get('TMS_FEED_SECRET_DEMO_PARTNER'))
    : secretOf('edi214', env.get('TMS_FEED_SECRET_EDI214'))
}
