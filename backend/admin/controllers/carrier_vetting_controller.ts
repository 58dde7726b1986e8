import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import VettingService from '#trust/services/vetting_service'
import VettingOverviewService from '#trust/services/vetting_overview_service'
import InsuranceService from '#trust/services/insurance_service'
import { CENSUS_UNAVAILABLE } from '#trust/services/dispatch_vetting_provider'
import { NotFoundException } from '#core/exceptions/http_errors'

const CARRIER_NOT_FOUND = 'Carrier not found'

/** Admins: run a carrier's vetting again, the failing carriers, a carrier's certificate. */
@inject()
export default class CarrierVettingController {
  constructor(
    private vettings: VettingService,
    private overview: VettingOverviewService,
    private insurance: InsuranceService
  ) {}

  /** GET /api/admin/carriers/flagged */
  async flagged() {
    return { carriers: await this.overview.flagged() }
  }

  /** POST /api/admin/carriers/:carrierId/vetting */
  async vet({ params }: HttpContext) {
    const result = await this.vettings.vet(Number(params.carrierId), 'admin')
    if (!result) throw new NotFoundException(CARRIER_NOT_FOUND)
    if ('unavailable' in result) throw new Exception(CENSUS_UNAVAILABLE, { status: 503 })
    return result
  }

  /** GET /api/admin/carriers/:carrierId/insurance/certificate */
  async certificate({ params, response }: HttpContext) {
    const file = await this.insurance.certificateOfCarrier(Number(params.carrierId))
    response.header('content-type', file.mimeType)
    response.header('content-disposition', `attachment; filename="${file.fileName}"`)
    response.header('cache-control', 'private, no-store')
    return response.send(Buffer.from(file.bytes))
  }
}
