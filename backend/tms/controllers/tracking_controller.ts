import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import TrackingService from '#tms/services/tracking_service'
import FeedPushService from '#tms/services/feed_push_service'
import { withoutMoneyFor } from '#accounts/services/driver_members'

/** Milestone tracking; the routes' ShipmentPolicy has decided who may read a shipment. */
@inject()
export default class TrackingController {
  constructor(
    private tracking: TrackingService,
    private feeds: FeedPushService
  ) {}

  /** GET /api/tms/shipments/:id/events */
  async events({ params }: HttpContext) {
    return this.tracking.timeline(String(params.id))
  }

  /** GET /api/tms/shipments/:id */
  async show({ auth, params }: HttpContext) {
    const shipment = await this.tracking.shipment(String(params.id))
    // A driver member is sent no invoice (docs/decisions/0246).
    return withoutMoneyFor(auth.getUserOrFail(), shipment, ['invoice_url'])
  }

  /** POST /api/tms/feeds/:provider: signed by the provider, verified on the raw body. */
  async push({ params, request, response }: HttpContext) {
    const outcome = await this.feeds.receive(
      String(params.provider),
      request.headers(),
      request.raw() ?? ''
    )
    return response.status(outcome.status).send(outcome.body)
  }
}
