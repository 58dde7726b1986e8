import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ApprovalService from '#accounts/services/approval_service'
import { approvalValidator } from '#accounts/validators/account'
import VettingOverviewService from '#trust/services/vetting_overview_service'

@inject()
export default class UserApprovalsController {
  constructor(
    private approvals: ApprovalService,
    private vetting: VettingOverviewService
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

  async decide({ request, params, auth }: HttpContext) {
    const { isApproved } = await request.validateUsing(approvalValidator)
    return this.approvals.decide(Number(params.userId), isApproved, auth.getUserOrFail())
  }
}
