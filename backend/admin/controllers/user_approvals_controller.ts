import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ApprovalService from '#accounts/services/approval_service'
import { approvalValidator } from '#accounts/validators/account'

@inject()
export default class UserApprovalsController {
  constructor(private approvals: ApprovalService) {}

  async pending() {
    return this.approvals.listPending()
  }

  async decide({ request, params, auth }: HttpContext) {
    const { isApproved } = await request.validateUsing(approvalValidator)
    return this.approvals.decide(Number(params.userId), isApproved, auth.getUserOrFail())
  }
}
