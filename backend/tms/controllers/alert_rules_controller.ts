import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import AlertRulesService from '#tms/services/alert_rules_service'
import { createAlertRuleValidator } from '#tms/validators/alert_rule'

/** The signed-in user's alert rules and in-app notifications. */
@inject()
export default class AlertRulesController {
  constructor(private rules: AlertRulesService) {}

  /** GET /api/tms/alert-rules */
  async index({ auth }: HttpContext) {
    return this.rules.list(auth.user!.id)
  }

  /** POST /api/tms/alert-rules */
  async store({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(createAlertRuleValidator)
    return response.created(await this.rules.create(auth.user!, input))
  }

  /** DELETE /api/tms/alert-rules/:id (AlertRulePolicy: the user's own) */
  async destroy({ params, response }: HttpContext) {
    await this.rules.delete(Number(params.id))
    return response.noContent()
  }

  /** GET /api/tms/notifications */
  async notifications({ auth }: HttpContext) {
    return this.rules.notifications(auth.user!.id)
  }
}
