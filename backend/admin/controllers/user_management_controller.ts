import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import UserManagementService, {
  USER_NOT_FOUND,
  type ActionPayload,
  type UserAction,
} from '#admin/services/user_management_service'
import {
  changeUserEmailValidator,
  userActionValidator,
  userListValidator,
} from '#admin/validators/users'
import { NotFoundException } from '#core/exceptions/http_errors'
import { mailedLinkOrigin } from '#core/public_origin'

/** Admin user management (docs/decisions/0210-0212). */
@inject()
export default class UserManagementController {
  constructor(private users: UserManagementService) {}

  /** GET /api/admin/users */
  async index({ request }: HttpContext) {
    const { page, perPage, q, ...filters } = await request.validateUsing(userListValidator, {
      data: request.qs(),
    })
    return this.users.list({ ...filters, q: q || undefined }, page ?? 1, perPage)
  }

  /** GET /api/admin/users/:userId */
  async show({ params }: HttpContext) {
    const detail = await this.users.detail(Number(params.userId))
    if (!detail) throw new NotFoundException(USER_NOT_FOUND)
    return detail
  }

  /** GET /api/admin/user-actions: requests waiting for a second admin. */
  async pending() {
    return this.users.pending()
  }

  /** POST /api/admin/user-actions/:requestId/confirm */
  async confirm({ auth, params }: HttpContext) {
    return this.users.confirm(auth.getUserOrFail(), Number(params.requestId), {
      origin: mailedLinkOrigin(),
    })
  }

  /** POST /api/admin/users/:userId/<action>: done (200), or requested of a second admin (202). */
  async act(ctx: HttpContext, action: UserAction) {
    const { auth, params, request, response } = ctx
    let reason: string
    let payload: ActionPayload = null
    if (action === 'change-email') {
      const input = await request.validateUsing(changeUserEmailValidator)
      reason = input.reason
      payload = { email: input.email }
    } else {
      reason = (await request.validateUsing(userActionValidator)).reason
    }
    const outcome = await this.users.act(
      auth.getUserOrFail(),
      Number(params.userId),
      action,
      reason,
      { origin: mailedLinkOrigin() },
      payload
    )
    if ('requested' in outcome) return response.accepted(outcome.requested)
    return outcome.done
  }

  suspend(ctx: HttpContext) {
    return this.act(ctx, 'suspend')
  }

  reinstate(ctx: HttpContext) {
    return this.act(ctx, 'reinstate')
  }

  resetTwoFactor(ctx: HttpContext) {
    return this.act(ctx, 'reset-two-factor')
  }

  revokeSessions(ctx: HttpContext) {
    return this.act(ctx, 'revoke-sessions')
  }

  revokeTokens(ctx: HttpContext) {
    return this.act(ctx, 'revoke-tokens')
  }

  unlock(ctx: HttpContext) {
    return this.act(ctx, 'unlock')
  }

  /** The password stops working; a link to set a new one is mailed (decision 0216). */
  forcePasswordReset(ctx: HttpContext) {
    return this.act(ctx, 'force-password-reset')
  }

  /** A new sign-in email, applied when the link mailed to it is followed (decision 0217). */
  changeEmail(ctx: HttpContext) {
    return this.act(ctx, 'change-email')
  }
}
