import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import BookingEvidenceService from '#finance/services/booking_evidence_service'
import AdvancedInvoiceService from '#finance/services/advanced_invoice_service'
import AccessorialService from '#finance/services/accessorial_service'
import { chargeValidator, detentionValidator, stopTimeValidator } from '#finance/validators/finance'

/** A booking's charges and invoices; FinancePolicy has checked the booking. */
@inject()
export default class BookingChargesController {
  constructor(
    private evidence: BookingEvidenceService,
    private advanced: AdvancedInvoiceService,
    private accessorials: AccessorialService
  ) {}

  /** GET /api/accessorials: the price list the carrier picks from; shippers and admins read it. */
  async accessorialList() {
    return { accessorials: await this.accessorials.list() }
  }

  /** GET /api/bookings/:id/charges */
  async show({ params }: HttpContext) {
    return this.evidence.forBooking(Number(params.id))
  }

  /** PUT /api/bookings/:id/stop-times */
  async recordStop({ auth, params, request }: HttpContext) {
    const input = await request.validateUsing(stopTimeValidator)
    return this.evidence.recordStop(Number(params.id), auth.getUserOrFail().id, input)
  }

  /** POST /api/bookings/:id/accessorials */
  async addCharge({ auth, params, request, response }: HttpContext) {
    const input = await request.validateUsing(chargeValidator)
    const charge = await this.evidence.addCharge(Number(params.id), auth.getUserOrFail().id, input)
    return response.created(charge)
  }

  /** DELETE /api/bookings/:id/accessorials/:chargeId */
  async removeCharge({ params, response }: HttpContext) {
    await this.evidence.removeCharge(Number(params.id), Number(params.chargeId))
    return response.noContent()
  }

  /** POST /api/bookings/:id/detention */
  async addDetention({ auth, params, request, response }: HttpContext) {
    const { stop } = await request.validateUsing(detentionValidator)
    const charge = await this.evidence.addDetention(
      Number(params.id),
      auth.getUserOrFail().id,
      stop
    )
    return response.created(charge)
  }

  /** GET /api/bookings/:id/advanced-invoices (a shipper sees no drafts) */
  async bookingInvoices({ auth, params }: HttpContext) {
    const all = await this.advanced.forBooking(Number(params.id))
    const shipper = auth.getUserOrFail().role === 'shipper'
    return { invoices: shipper ? all.filter((i) => i.status !== 'DRAFT') : all }
  }

  /** POST /api/bookings/:id/advanced-invoices: the carrier's draft. */
  async draft({ auth, params, response }: HttpContext) {
    return response.created(await this.advanced.draft(Number(params.id), auth.getUserOrFail().id))
  }
}
