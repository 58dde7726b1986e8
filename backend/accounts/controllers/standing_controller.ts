import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ApprovalService from '#accounts/services/approval_service'
import { SUPPORT } from '#accounts/services/approval_mail_service'

/** One's own standing (decision 0186): a suspended user learns why and how to appeal. */
@inject()
export default class StandingController {
  constructor(private approvals: ApprovalService) {}

  /** GET /api/account/standing */
  async show({ auth }: HttpContext) {
    const user = auth.getUserOrFail()
    let suspension: { reason: string | null; since: string } | null = null
    if (user.approvalStatus === 'suspended') {
      const last = (await this.approvals.latestStandingChanges([user.id])).get(user.id)
      suspension =
        last?.action === 'suspended'
          ? { reason: last.reason, since: last.at }
          : {
              reason: null,
              since: (user.reviewedAt ?? user.updatedAt ?? user.createdAt).toUTC().toISO()!,
            }
    }
    return {
      approvalStatus: user.approvalStatus,
      suspension,
      appeal: { email: SUPPORT.email, phone: SUPPORT.phone, contactPath: '/contact' as const },
    }
  }
}
