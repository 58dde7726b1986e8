import type { HttpContext } from '@adonisjs/core/http'
import { PLATFORM_CONSTANTS_MAX_AGE, platformConstants } from '#core/platform_constants'

/**
 * GET /api/platform/constants: public and cacheable, the business constants the screens show
 * (the payout split, a load's defaults and limits; docs/decisions/0200, 0201).
 */
export default class PlatformConstantsController {
  show({ response }: HttpContext) {
    response.header('cache-control', `public, max-age=${PLATFORM_CONSTANTS_MAX_AGE}`)
    return platformConstants
  }
}
