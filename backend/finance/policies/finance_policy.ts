import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import DrayageChargesService from '#logistics/services/drayage_charges'
import { MOVE_NOT_FOUND } from '#finance/services/drayage_invoice_service'
import AdvancedInvoice from '#finance/models/advanced_invoice'
import { BOOKING_NOT_FOUND } from '#finance/services/booking_evidence_service'
import { INVOICE_NOT_FOUND } from '#finance/services/advanced_invoice_service'

/**
 * Who may see and change a booking's (or drayage move's) charges and invoices: the booking's shipper reads them
 * and answers a flagged invoice; the approved carrier company it is booked with records
 * evidence, drafts, issues and voids its drafts; admins keep the references and the flagged
 * list. Anyone else gets the 404 a missing record gets.
 */
@inject()
export default class FinancePolicy extends BasePolicy {
  constructor(
    private bookings: BookingFactsService,
    private carriers: CarrierProfileService,
    private drayage: DrayageChargesService
  ) {
    super()
  }

  /** /api/admin/finance/*: admins only, whatever the id. */
  manage(user: Actor) {
    return this.isAdmin(user) ? true : this.forbidden()
  }

  /** GET a booking's charges and invoices: its shipper or its carrier. */
  async bookingParty(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user) && !this.isApprovedCarrier(user)) return this.forbidden()
    const booking = await this.booking(target)
    if (!booking) return this.notFound(BOOKING_NOT_FOUND)
    if (this.isShipper(user)) {
      return this.allowedOr404(this.owns(booking.shipperId, user.id), BOOKING_NOT_FOUND)
    }
    return this.allowedOr404(
      (await this.isCarrierOf(user, booking.carrierId)) &&
        (await this.reachesAsDriver(user, () => this.bookings.assignedDriver(booking.id))),
      BOOKING_NOT_FOUND
    )
  }

  /** Record evidence or draft the invoice: the booking's carrier. */
  async bookingCarrier(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const booking = await this.booking(target)
    if (!booking) return this.notFound(BOOKING_NOT_FOUND)
    // a driver member: only a booking assigned to them (docs/decisions/0237)
    return this.allowedOr404(
      (await this.isCarrierOf(user, booking.carrierId)) &&
        (await this.reachesAsDriver(user, () => this.bookings.assignedDriver(booking.id))),
      BOOKING_NOT_FOUND
    )
  }

  /** GET a drayage move's invoices: its shipper or its carrier. */
  async drayageParty(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user) && !this.isApprovedCarrier(user)) return this.forbidden()
    const move = await this.move(target)
    if (!move) return this.notFound(MOVE_NOT_FOUND)
    if (this.isShipper(user)) {
      return this.allowedOr404(this.owns(move.shipperId, user.id), MOVE_NOT_FOUND)
    }
    return this.allowedOr404(await this.isCarrierOf(user, move.carrierId), MOVE_NOT_FOUND)
  }

  /** Draft a drayage move's invoice: the carrier company that moved it. */
  async drayageCarrier(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const move = await this.move(target)
    if (!move) return this.notFound(MOVE_NOT_FOUND)
    return this.allowedOr404(await this.isCarrierOf(user, move.carrierId), MOVE_NOT_FOUND)
  }

  /** Download an invoice: the carrier that drafted it, or its shipper once it is issued. */
  async invoiceParty(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user) && !this.isApprovedCarrier(user)) return this.forbidden()
    const invoice = await this.invoice(target)
    if (!invoice) return this.notFound(INVOICE_NOT_FOUND)
    if (this.isShipper(user)) return this.shipperSees(user, invoice)
    return this.allowedOr404(await this.isCarrierOf(user, invoice.carrierId), INVOICE_NOT_FOUND)
  }

  /** Issue or void an invoice: the carrier it belongs to. */
  async invoiceCarrier(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const invoice = await this.invoice(target)
    if (!invoice) return this.notFound(INVOICE_NOT_FOUND)
    return this.allowedOr404(await this.isCarrierOf(user, invoice.carrierId), INVOICE_NOT_FOUND)
  }

  /** Accept or dispute an invoice: the shipper billed. */
  async invoiceShipper(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const invoice = await this.invoice(target)
    if (!invoice) return this.notFound(INVOICE_NOT_FOUND)
    return this.shipperSees(user, invoice)
  }

  /** A shipper sees invoices billed to them, never the carrier's drafts. */
  private shipperSees(user: Actor, invoice: Pick<AdvancedInvoice, 'shipperId' | 'status'>) {
    return this.allowedOr404(
      this.owns(invoice.shipperId, user.id) && invoice.status !== 'DRAFT',
      INVOICE_NOT_FOUND
    )
  }

  private async isCarrierOf(user: Actor, carrierId: number | null) {
    if (carrierId === null) return false
    return this.owns(carrierId, await this.carriers.findCarrierId(user.id))
  }

  private async booking(target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    return id === null ? null : this.bookings.parties(id)
  }

  private async move(target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    return id === null ? null : this.drayage.facts(id)
  }

  private async invoice(target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (id === null) return null
    return AdvancedInvoice.query()
      .where('id', id)
      .select('id', 'shipperId', 'carrierId', 'status')
      .first()
  }
}
