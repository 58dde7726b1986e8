import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import Terminal from '#logistics/models/terminal'

export const TERMINAL_NOT_FOUND = 'Terminal not found'

/** Terminals are kept by admins. */
export default class TerminalPolicy extends BasePolicy {
  /** PUT /api/admin/terminals/:id */
  async manage(user: Actor, target: RouteTarget) {
    if (!this.isAdmin(user)) return this.forbidden()
    const id = this.idOf(target.params, 'id')
    const terminal =
      id === null ? null : await Terminal.query().where('id', id).select('id').first()
    return this.allowedOr404(terminal !== null, TERMINAL_NOT_FOUND)
  }
}
