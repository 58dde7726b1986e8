import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import TrackedShipmentsService from '#marketplace/services/tracked_shipments_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import { SHIPMENT_NOT_FOUND } from '#tms/services/tracking_service'

/**
 * Who follows a shipment (a booking, named by id or TRT- reference): its shipper, the approved
 * carrier company it is booked with, and admins. Anyone else gets the 404 a missing one gets.
 */
@inject()
export default class ShipmentPolicy extends BasePolicy {
  constructor(
    private shipments: TrackedShipmentsService,
    private carriers: CarrierProfileService,
    private bookings: BookingFactsService
  ) {
    super()
  }

  /** GET /api/tms/shipments/:id and its events */
  async view(user: Actor, target: RouteTarget) {
    const id = target.params.id
    const shipment = typeof id === 'string' ? await this.shipments.find(id) : null
    if (!shipment) return this.notFound(SHIPMENT_NOT_FOUND)
    if (this.isAdmin(user)) return this.allowedOr404(true, SHIPMENT_NOT_FOUND)
    if (this.isShipper(user)) {
      return this.allowedOr404(this.owns(shipment.shipperId, user.id), SHIPMENT_NOT_FOUND)
    }
    const carrier =
      this.isApprovedCarrier(user) &&
      shipment.carrierId !== null &&
      this.owns(shipment.carrierId, await this.carriers.findCarrierId(user.id)) &&
      // a driver member: only a booking assigned to them (docs/decisions/0237)
      (await this.reachesAsDriver(user, () => this.bookings.assignedDriver(shipment.id)))
    return this.allowedOr404(carrier, SHIPMENT_NOT_FOUND)
  }
}
