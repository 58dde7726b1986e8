import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import InvoiceService from '#marketplace/services/invoice_service'

/** Invoices of delivered bookings, for the carrier and for the shipper. */
@inject()
export default class InvoicesController {
  constructor(private invoices: InvoiceService) {}

  async carrier({ auth }: HttpContext) {
    return this.invoices.listForCarrierUser(auth.getUserOrFail().id)
  }

  async shipper({ auth }: HttpContext) {
    return this.invoices.listForShipper(auth.getUserOrFail().id)
  }
}
