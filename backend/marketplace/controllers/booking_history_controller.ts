import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import BookingHistoryService from '#marketplace/services/booking_history_service'

/** A booking's status timeline for the parties to it and admins. */
@inject()
export default class BookingHistoryController {
  constructor(private history: BookingHistoryService) {}

  async index({ params, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    return this.history.forViewer({ id: user.id, role: user.role }, Number(params.id))
  }
}
