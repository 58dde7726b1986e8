import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import AdvancedInvoiceService from '#finance/services/advanced_invoice_service'
import { decisionValidator } from '#finance/validators/finance'

/** One advanced invoice; FinancePolicy has checked who may act on it. */
@inject()
export default class AdvancedInvoicesController {
  constructor(
    private invoices: AdvancedInvoiceService,
    private carriers: CarrierProfileService
  ) {}

  /** GET /api/advanced-invoices: the shipper's bills, or the carrier's invoices. */
  async index({ auth }: HttpContext) {
    const user = auth.getUserOrFail()
    if (user.role === 'shipper') return { invoices: await this.invoices.forShipper(user.id) }
    const carrierId = await this.carriers.findCarrierId(user.id)
    return { invoices: carrierId === null ? [] : await this.invoices.forCarrier(carrierId) }
  }

  /** GET /api/advanced-invoices/:id/pdf */
  async pdf({ params, response }: HttpContext) {
    const file = await this.invoices.pdf(Number(params.id))
    response.header('content-type', 'application/pdf')
    response.header('content-disposition', `attachment; filename="${file.fileName}"`)
    response.header('cache-control', 'private, no-store')
    return response.send(Buffer.from(file.bytes))
  }

  /** POST /api/advanced-invoices/:id/issue */
  async issue({ params }: HttpContext) {
    return this.invoices.issue(Number(params.id), 'carrier')
  }

  /** POST /api/advanced-invoices/:id/void */
  async void({ params }: HttpContext) {
    return this.invoices.void(Number(params.id), 'carrier')
  }

  /** POST /api/advanced-invoices/:id/decision */
  async decide({ params, request }: HttpContext) {
    const { decision, reason } = await request.validateUsing(decisionValidator)
    return this.invoices.decide(Number(params.id), decision, reason ?? null)
  }
}
