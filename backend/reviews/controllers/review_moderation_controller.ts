import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ReviewModerationService from '#reviews/services/review_moderation_service'
import { moderationListValidator, moderationValidator } from '#reviews/validators/review'

/** The admin console's reviews: the list, hide and restore, each with a reason. */
@inject()
export default class ReviewModerationController {
  constructor(private moderation: ReviewModerationService) {}

  /** GET /api/admin/reviews */
  async index({ request }: HttpContext) {
    const { status, page } = await request.validateUsing(moderationListValidator, {
      data: request.qs(),
    })
    return this.moderation.list(status ?? 'all', page ?? 1)
  }

  /** POST /api/admin/reviews/:id/hide */
  async hide({ auth, params, request }: HttpContext) {
    const { reason } = await request.validateUsing(moderationValidator)
    return this.moderation.hide(auth.getUserOrFail().id, Number(params.id), reason)
  }

  /** POST /api/admin/reviews/:id/restore */
  async restore({ auth, params, request }: HttpContext) {
    const { reason } = await request.validateUsing(moderationValidator)
    return this.moderation.restore(auth.getUserOrFail().id, Number(params.id), reason)
  }
}
