import type { HttpContext } from '@adonisjs/core/http'
import User from '#accounts/models/user'
import { profileValidator } from '#accounts/validators/account'

/** Profile: the signed-in user edits their own name and phone. */
export default class ProfileController {
  /**
   * PUT /api/account/profile. Email and username are the sign-in names and stay as registered
   * (docs/decisions/0053); an empty phone is stored as none.
   */
  async update({ auth, request }: HttpContext) {
    const { firstName, lastName, phone } = await request.validateUsing(profileValidator)
    const user = await User.findOrFail(auth.getUserOrFail().id)
    user.merge({ firstName, lastName, phone: phone ?? null })
    await user.save()
    return user
  }
}
