import db from '@adonisjs/lucid/services/db'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import { INVITE_NOT_FOUND, MEMBER_NOT_FOUND } from '#accounts/services/company_service'

/**
 * A company's members and invites (docs/decisions/0223): those of the company the signed-in
 * user acts as (its account user is `user.id`); another company's are a 404 like missing ones.
 * Which member role may manage them is the role matrix's (`team`: owners only).
 */
export default class CompanyPolicy extends BasePolicy {
  /** PATCH and DELETE /api/company/members/:id */
  async manageMember(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (id === null) return this.notFound(MEMBER_NOT_FOUND)
    const row = await db
      .from('company_members')
      .join('companies', 'companies.id', 'company_members.company_id')
      .where('company_members.id', id)
      .whereNull('company_members.removed_at')
      .select('companies.account_user_id')
      .first()
    return this.allowedOr404(
      this.owns(row ? Number(row.account_user_id) : null, user.id),
      MEMBER_NOT_FOUND
    )
  }

  /** DELETE /api/company/invites/:id */
  async withdrawInvite(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (id === null) return this.notFound(INVITE_NOT_FOUND)
    const row = await db
      .from('company_invites')
      .join('companies', 'companies.id', 'company_invites.company_id')
      .where('company_invites.id', id)
      .select('companies.account_user_id')
      .first()
    return this.allowedOr404(
      this.owns(row ? Number(row.account_user_id) : null, user.id),
      INVITE_NOT_FOUND
    )
  }
}
