import { CARRIER_PAYOUT_PERCENT, PLATFORM_SHARE_PERCENT } from '#core/money'
import { LOAD_DEFAULTS, TRAILER_PALLETS, TRAILER_WEIGHT_LBS } from '#core/load_rules'

/**
 * The answer of `GET /api/platform/constants` (docs/openapi.json `PlatformConstants`): the
 * business constants the screens print or fill in, read from the modules that own them
 * (the split from #core/money, docs/decisions/0200; a load's defaults and limits from
 * #core/load_rules, docs/decisions/0201). Built once: they change only with a deployment.
 */
export const platformConstants = Object.freeze({
  payoutSplit: Object.freeze({
    carrierPercent: CARRIER_PAYOUT_PERCENT,
    platformPercent: PLATFORM_SHARE_PERCENT,
  }),
  load: Object.freeze({
    defaults: LOAD_DEFAULTS,
    trailerPallets: TRAILER_PALLETS,
    trailerWeightLbs: TRAILER_WEIGHT_LBS,
  }),
})

export type PlatformConstants = typeof platformConstants

/** How long a browser or proxy may keep the answer, in seconds. */
export const PLATFORM_CONSTANTS_MAX_AGE = 600
