import { signedInPersonId } from '#accounts/services/signed_in_person'
import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { profileValidator } from '#accounts/validators/account'
import AccountChangeService from '#accounts/services/account_change_service'
import { ActingMember } from '#accounts/services/cached_user_provider'

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
    const person = await changes.updateProfile(signedInPersonId(auth), {
      firstName,
      lastName,
      phone: phone ?? null,
    })
    // As GET /api/user answers: a company's login, the company's user with the member, whose
    // name and phone were the ones changed (docs/decisions/0223).
    const user = auth.getUserOrFail()
    if (!user.member) return person
    return {
      ...user.serialize(),
      member: new ActingMember(person, user.member.membership).toJSON(),
    }
  }
}
