import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { profileValidator } from '#accounts/validators/account'
import AccountChangeService from '#accounts/services/account_change_service'

/** Profile: the signed-in user edits their own name and phone. */
export default class ProfileController {
  /**
   * PUT /api/account/profile. The email changes in Settings with the password
   * (PUT /api/account/email); a new phone number sends a notice to the email on file and holds
   * a carrier's payouts (docs/decisions/0098); an empty phone is stored as none.
   */
  @inject()
  async update({ auth, request }: HttpContext, changes: AccountChangeService) {
    const { firstName, lastName, phone } = await request.validateUsing(profileValidator)
    return changes.updateProfile(auth.getUserOrFail().id, {
      firstName,
      lastName,
      phone: phone ?? null,
    })
  }
}
