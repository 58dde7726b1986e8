import User from '#accounts/models/user'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'

export const TOKEN_NOT_FOUND = 'Token not found'

/** A user revokes their own API tokens only; another user's token is a 404 like a missing one. */
export default class AccessTokenPolicy extends BasePolicy {
  /** DELETE /api/account/tokens/:id */
  async revokeOwn(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (id === null) return this.notFound(TOKEN_NOT_FOUND)
    // A company member's own tokens: the person who signed in (docs/decisions/0223).
    const member = (user as { member?: { userId: number } }).member
    const owner = member
      ? await User.find(member.userId)
      : user instanceof User
        ? user
        : await User.find(user.id)
    const token = owner ? await User.accessTokens.find(owner, id) : null
    return this.allowedOr404(token !== null, TOKEN_NOT_FOUND)
  }
}
