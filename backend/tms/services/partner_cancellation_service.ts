import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import partnerCarriers from '#plugins/partner_carriers/services/main'
import { Clock } from '#core/clock'
import { ConflictException } from '#core/exceptions/http_errors'
import { PartnerShipments, type PartnerShipmentRef } from '#marketplace/contracts/partner_shipments'
import { PartnerBookingFailedException } from '#tms/services/quote_booking_service'

/**
 * Cancels a partner booking's shipment at its partner (decision 0110), with one idempotency key
 * per booking so a retry after a lost answer cancels once. A shipment the partner no longer
 * knows has nothing left to cancel there.
 */
@inject()
export default class PartnerCancellationService extends PartnerShipments {
  constructor(private clock: Clock) {
    super()
  }

  async cancel(shipment: PartnerShipmentRef): Promise<void> {
    const partner = await partnerCarriers.use(shipment.provider)
    const result = await partner.cancel(
      shipment.partnerShipmentId,
      `booking-${shipment.bookingId}-cancel`,
      this.clock.now().toJSDate()
    )
    if (result.ok) return
    if (result.code === 'not_found') {
      logger.warn(
        { bookingId: shipment.bookingId, provider: shipment.provider },
        'partner shipment unknown to the partner; cancelling the booking only'
      )
      return
    }
    if (result.code === 'invalid_request') {
      throw new ConflictException(
        `${shipment.carrier} cannot cancel this shipment any more (${result.message})`
      )
    }
    throw new PartnerBookingFailedException(
      `${shipment.carrier} could not be reached to cancel this shipment; nothing was cancelled. Try again later.`,
      { status: 502 }
    )
  }
}
