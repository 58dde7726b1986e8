import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import DrayageInvoiceService from '#finance/services/drayage_invoice_service'
import { dateOrderErrors, drayageInvoiceValidator } from '#finance/validators/drayage_invoice'

/** A drayage move's invoices; FinancePolicy has checked the move. */
@inject()
export default class DrayageInvoicesController {
  constructor(private invoices: DrayageInvoiceService) {}

  /** GET /api/drayage/moves/:id/invoices: the carrier sees drafts, the shipper issued ones. */
  async index({ auth, params }: HttpContext) {
    const shipperView = auth.getUserOrFail().role === 'shipper'
    return { invoices: await this.invoices.forMove(Number(params.id), shipperView) }
  }

  /** POST /api/drayage/moves/:id/invoices */
  async draft({ auth, params, request, response }: HttpContext) {
    const { lines } = await request.validateUsing(drayageInvoiceValidator)
    const order = lines ? dateOrderErrors(lines) : null
    if (order) throw order
    const user = auth.getUserOrFail()
    return response.created(await this.invoices.draft(Number(params.id), user.id, lines ?? null))
  }
}
