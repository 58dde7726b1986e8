import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import LoadTemplateService, {
  TEMPLATE_NOT_FOUND,
} from '#freight_board/services/load_template_service'

/**
 * Load templates (docs/decisions/0248): only the shipper company that saved one renames or
 * deletes it (its account user, decision 0223); anyone else's is the 404 a missing one gets.
 */
@inject()
export default class LoadTemplatePolicy extends BasePolicy {
  constructor(private templates: LoadTemplateService) {
    super()
  }

  /** PATCH/DELETE /api/load-templates/:id */
  async manage(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const id = this.idOf(target.params, 'id')
    const owner = id === null ? null : await this.templates.ownerOf(id)
    return this.allowedOr404(this.owns(owner, user.id), TEMPLATE_NOT_FOUND)
  }
}
