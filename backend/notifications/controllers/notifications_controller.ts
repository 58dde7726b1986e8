import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import NotificationService from '#notifications/services/notification_service'
import { listValidator, preferencesValidator } from '#notifications/validators/notifications'

/** The notification centre (docs/decisions/0241); the policy checked a named notification. */
@inject()
export default class NotificationsController {
  constructor(private notifications: NotificationService) {}

  /** GET /api/notifications */
  async index({ auth, request }: HttpContext) {
    const query = await request.validateUsing(listValidator, { data: request.qs() })
    return this.notifications.list(auth.getUserOrFail().id, {
      page: query.page,
      perPage: query.perPage,
      unreadOnly: query.unread,
    })
  }

  /** POST /api/notifications/:id/read */
  async read({ auth, params }: HttpContext) {
    return this.notifications.markRead(auth.getUserOrFail().id, Number(params.id))
  }

  /** POST /api/notifications/read-all */
  async readAll({ auth }: HttpContext) {
    return this.notifications.markAllRead(auth.getUserOrFail().id)
  }

  /** GET /api/notification-preferences */
  async preferences({ auth }: HttpContext) {
    return { preferences: await this.notifications.preferences(auth.getUserOrFail().id) }
  }

  /** PUT /api/notification-preferences */
  async updatePreferences({ auth, request }: HttpContext) {
    const { preferences } = await request.validateUsing(preferencesValidator)
    return {
      preferences: await this.notifications.setPreferences(auth.getUserOrFail().id, preferences),
    }
  }

  /** POST /api/notifications/unsubscribe/:token: the mail's one-click link (RFC 8058). */
  async unsubscribe({ params, response }: HttpContext) {
    const done = await this.notifications.unsubscribe(String(params.token))
    if (!done) return response.notFound({ message: 'Unsubscribe link not valid' })
    return done
  }
}
