import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import AlertRule from '#tms/models/alert_rule'

export const ALERT_RULE_NOT_FOUND = 'Alert rule not found'

/** An alert rule is its user's alone: anyone else's is answered like a missing one. */
export default class AlertRulePolicy extends BasePolicy {
  /** DELETE /api/tms/alert-rules/:id */
  async manage(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    const rule =
      id === null ? null : await AlertRule.query().where('id', id).select('userId').first()
    return this.allowedOr404(rule !== null && this.owns(rule.userId, user.id), ALERT_RULE_NOT_FOUND)
  }
}
