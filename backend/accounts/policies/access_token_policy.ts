import db from '@adonisjs/lucid/services/db'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'

/** A user revokes their own API tokens only; another user's token is a 404 like a missing one. */
export default class AccessTokenPolicy extends BasePolicy {
  async revokeOwn(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    const token =
      id === null
        ? null
        : await db
            .from('auth_access_tokens')
            .where({ id, tokenable_id: user.id })
            .select('id')
            .first()
    return token ? true : this.notFound('Token not found')
  }
}
