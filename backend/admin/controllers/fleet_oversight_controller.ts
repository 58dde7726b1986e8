import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import ApprovalService from '#accounts/services/approval_service'
import FleetViewService from '#admin/services/fleet_view_service'
import VettingService from '#trust/services/vetting_service'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { fleetListValidator, reinstateValidator, suspendValidator } from '#admin/validators/fleet'

export const CARRIER_NOT_FOUND = 'Carrier not found'
export const ALREADY_SUSPENDED = 'This carrier is already suspended'
export const NOT_APPROVED = 'Only an approved carrier can be suspended'
export const NOT_SUSPENDED = 'Only a suspended carrier can be reinstated'

/** Fleet Oversight (decision 0116): every carrier, suspend and reinstate with a reason. */
@inject()
export default class FleetOversightController {
  constructor(
    private fleet: FleetViewService,
    private approvals: ApprovalService,
    private vettings: VettingService
  ) {}

  /** GET /api/admin/carriers */
  async index({ request }: HttpContext) {
    const { page, ...filters } = await request.validateUsing(fleetListValidator, {
      data: request.qs(),
    })
    return this.fleet.list({ ...filters, search: filters.search || undefined }, page ?? 1)
  }

  /** POST /api/admin/carriers/:carrierId/suspend */
  async suspend({ auth, params, request }: HttpContext) {
    const { reason } = await request.validateUsing(suspendValidator)
    const carrier = await this.fleet.find(Number(params.carrierId))
    if (!carrier) throw new NotFoundException(CARRIER_NOT_FOUND)
    const admin = auth.getUserOrFail()
    if (!(await this.approvals.suspend(carrier.userId, reason, admin.id))) {
      const now = await this.fleet.find(carrier.carrierId)
      throw new ConflictException(
        now?.approvalStatus === 'suspended' ? ALREADY_SUSPENDED : NOT_APPROVED
      )
    }
    return (await this.fleet.find(carrier.carrierId))!
  }

  /** POST /api/admin/carriers/:carrierId/reinstate: approved again, then vetted again. */
  async reinstate({ auth, params, request }: HttpContext) {
    const { reason } = await request.validateUsing(reinstateValidator)
    const carrier = await this.fleet.find(Number(params.carrierId))
    if (!carrier) throw new NotFoundException(CARRIER_NOT_FOUND)
    const admin = auth.getUserOrFail()
    if (!(await this.approvals.reinstate(carrier.userId, admin.id, reason || null))) {
      throw new ConflictException(NOT_SUSPENDED)
    }
    // The census may be down: the reinstatement stands, the next re-vetting tries again.
    const vetting = await this.vettings.vet(carrier.carrierId, 'admin')
    if (vetting && 'unavailable' in vetting) {
      logger.warn({ carrierId: carrier.carrierId }, 'vetting after reinstatement unavailable')
    }
    return (await this.fleet.find(carrier.carrierId))!
  }
}
