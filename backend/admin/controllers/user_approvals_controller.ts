import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ApprovalService from '#accounts/services/approval_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import VettingOverviewService from '#trust/services/vetting_overview_service'
import { decideUserValidator } from '#admin/validators/approval'
import { validationError } from '#core/validation'

@inject()
export default class UserApprovalsController {
  constructor(
    private approvals: ApprovalService,
    private vetting: VettingOverviewService,
    private carrierProfiles: CarrierProfileService
  ) {}

  /** Pending accounts; a carrier's with its vetting and certificate beside the form. */
  async pending() {
    const users = await this.approvals.listPending()
    const summaries = await this.vetting.summaries(
      users.map((u) => u.carrierId).filter((id): id is number => id !== null)
    )
    return users.map((u) => ({
      ...u,
      carrierVetting: u.carrierId === null ? null : (summaries.get(u.carrierId) ?? null),
    }))
  }

  /**
   * Approve or reject. Approving a carrier whose newest vetting failed takes a reason, kept
   * with the admin in the account's standing history (docs/decisions/0189).
   */
  async decide({ request, params, auth }: HttpContext) {
    const body = request.all()
    // A blank reason is no reason.
    const data =
      typeof body.reason === 'string' && body.reason.trim() === ''
        ? { ...body, reason: undefined }
        : body
    const { isApproved, reason } = await request.validateUsing(decideUserValidator, { data })
    const userId = Number(params.userId)
    if (isApproved && !reason) {
      const failing = await this.failingChecks(userId)
      if (failing) {
        const which = failing.length > 0 ? ` (${failing.join('; ')})` : ''
        throw validationError([
          {
            field: 'reason',
            message: `This carrier's newest vetting failed${which}: give the reason for approving it`,
            rule: 'requiredWhenVettingFailed',
          },
        ])
      }
    }
    return this.approvals.decide(userId, isApproved, auth.getUserOrFail(), reason ?? null)
  }

  /** The labels of the failing checks of the user's carrier, if its newest vetting failed. */
  private async failingChecks(userId: number): Promise<string[] | null> {
    const carrier = (await this.carrierProfiles.findByUserIds([userId])).get(userId)
    if (!carrier) return null
    const vetting = (await this.vetting.summaries([carrier.id])).get(carrier.id)?.vetting
    if (vetting?.result !== 'fail') return null
    return vetting.checks.filter((c) => c.result === 'fail').map((c) => c.label)
  }
}
