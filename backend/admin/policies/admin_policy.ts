import { BasePolicy, type Actor } from '#core/policies/base_policy'

/**
 * The admin console's records (any user's approval, any user's tokens, any booking's carrier
 * reveal or payout retry): admins only, whatever the id.
 */
export default class AdminPolicy extends BasePolicy {
  manage(user: Actor) {
    return this.isAdmin(user) ? true : this.forbidden()
  }
}
