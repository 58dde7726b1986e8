import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import SavedLaneService from '#alerts/services/saved_lane_service'
import {
  createSavedLaneValidator,
  createSavedSearchValidator,
  updateSavedLaneValidator,
  updateSavedSearchValidator,
} from '#alerts/validators/saved_lane'
import { MAX_SAVED_LANES, MAX_SAVED_SEARCHES } from '#alerts/lane_rules'

/**
 * A carrier's saved lanes and a shipper's saved capacity searches (docs/decisions/0239).
 * Lists and creates are the signed-in company's own (`scope: self`); SavedLanePolicy has
 * checked an id route's row.
 */
@inject()
export default class SavedLanesController {
  constructor(private saved: SavedLaneService) {}

  /** GET /api/saved-lanes */
  async lanes({ auth }: HttpContext) {
    return { lanes: await this.saved.lanes(auth.user!.id), limit: MAX_SAVED_LANES }
  }

  /** POST /api/saved-lanes */
  async createLane({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(createSavedLaneValidator)
    return response.created(await this.saved.createLane(auth.user!.id, input))
  }

  /** PATCH /api/saved-lanes/:id */
  async updateLane({ params, request }: HttpContext) {
    const change = await request.validateUsing(updateSavedLaneValidator)
    return this.saved.updateLane(Number(params.id), change)
  }

  /** DELETE /api/saved-lanes/:id */
  async deleteLane({ params, response }: HttpContext) {
    await this.saved.deleteLane(Number(params.id))
    return response.noContent()
  }

  /** GET /api/saved-searches */
  async searches({ auth }: HttpContext) {
    return { searches: await this.saved.searches(auth.user!.id), limit: MAX_SAVED_SEARCHES }
  }

  /** POST /api/saved-searches */
  async createSearch({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(createSavedSearchValidator)
    return response.created(await this.saved.createSearch(auth.user!.id, input))
  }

  /** PATCH /api/saved-searches/:id */
  async updateSearch({ params, request }: HttpContext) {
    const change = await request.validateUsing(updateSavedSearchValidator)
    return this.saved.updateSearch(Number(params.id), change)
  }

  /** DELETE /api/saved-searches/:id */
  async deleteSearch({ params, response }: HttpContext) {
    await this.saved.deleteSearch(Number(params.id))
    return response.noContent()
  }
}
