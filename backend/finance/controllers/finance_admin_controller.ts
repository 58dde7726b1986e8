import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import FuelIndexService from '#finance/services/fuel_index_service'
import AccessorialService from '#finance/services/accessorial_service'
import AdvancedInvoiceService from '#finance/services/advanced_invoice_service'
import {
  createAccessorialValidator,
  fuelCsvValidator,
  fuelWeekValidator,
  partnerInvoiceValidator,
  surchargeTableValidator,
  updateAccessorialValidator,
} from '#finance/validators/finance'

/** The admin's Finance section: fuel index, surcharge table, accessorials, flagged invoices. */
@inject()
export default class FinanceAdminController {
  constructor(
    private fuel: FuelIndexService,
    private accessorials: AccessorialService,
    private invoices: AdvancedInvoiceService
  ) {}

  /** GET /api/admin/finance/fuel-index */
  async fuelIndex() {
    const [weeks, tables] = await Promise.all([this.fuel.weeks(), this.fuel.tables()])
    return { weeks, tables }
  }

  /** POST /api/admin/finance/fuel-index */
  async recordWeek({ request, response }: HttpContext) {
    const input = await request.validateUsing(fuelWeekValidator)
    return response.created(await this.fuel.recordWeek(input.indexDate, input.dieselPrice))
  }

  /** POST /api/admin/finance/fuel-index/import */
  async importCsv({ request }: HttpContext) {
    const { csv } = await request.validateUsing(fuelCsvValidator)
    return this.fuel.importCsv(csv)
  }

  /** POST /api/admin/finance/fuel-surcharge-tables */
  async addTable({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(surchargeTableValidator)
    return response.created(await this.fuel.addTable(input, auth.getUserOrFail().id))
  }

  /** POST /api/admin/finance/accessorials */
  async createAccessorial({ request, response }: HttpContext) {
    const input = await request.validateUsing(createAccessorialValidator)
    return response.created(await this.accessorials.create(input))
  }

  /** PUT /api/admin/finance/accessorials/:code */
  async updateAccessorial({ params, request }: HttpContext) {
    const input = await request.validateUsing(updateAccessorialValidator)
    return this.accessorials.update(String(params.code), input)
  }

  /** GET /api/admin/finance/invoices/flagged */
  async flagged() {
    return { invoices: await this.invoices.flagged() }
  }

  /** POST /api/admin/finance/invoices/:id/pay */
  async pay({ params }: HttpContext) {
    return this.invoices.pay(Number(params.id))
  }

  /** POST /api/admin/finance/invoices/:id/void */
  async void({ params }: HttpContext) {
    return this.invoices.void(Number(params.id), 'admin')
  }

  /** POST /api/admin/finance/bookings/:id/partner-invoice */
  async recordPartnerInvoice({ auth, params, request, response }: HttpContext) {
    const { lines } = await request.validateUsing(partnerInvoiceValidator)
    const invoice = await this.invoices.recordPartnerInvoice(
      Number(params.id),
      auth.getUserOrFail().id,
      lines
    )
    return response.created(invoice)
  }
}
