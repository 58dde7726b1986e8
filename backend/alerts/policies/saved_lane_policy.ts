import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import SavedLaneService from '#alerts/services/saved_lane_service'
import { SAVED_LANE_NOT_FOUND, SAVED_SEARCH_NOT_FOUND } from '#alerts/lane_rules'

/**
 * Saved lanes and searches (docs/decisions/0239): only the company that saved one changes or
 * deletes it (its account user, decision 0223); anyone else's is the 404 a missing one gets.
 * Lanes are approved carriers', searches shippers'.
 */
@inject()
export default class SavedLanePolicy extends BasePolicy {
  constructor(private saved: SavedLaneService) {
    super()
  }

  /** PATCH/DELETE /api/saved-lanes/:id */
  async lane(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const id = this.idOf(target.params, 'id')
    const owner = id === null ? null : await this.saved.ownerOf('saved_lanes', id)
    return this.allowedOr404(this.owns(owner, user.id), SAVED_LANE_NOT_FOUND)
  }

  /** PATCH/DELETE /api/saved-searches/:id */
  async search(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const id = this.idOf(target.params, 'id')
    const owner = id === null ? null : await this.saved.ownerOf('saved_searches', id)
    return this.allowedOr404(this.owns(owner, user.id), SAVED_SEARCH_NOT_FOUND)
  }
}
