import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import NotificationService from '#notifications/services/notification_service'
import { NOTIFICATION_NOT_FOUND } from '#notifications/notification_rules'

/**
 * A notification is its user's (docs/decisions/0241): the company's account user, whom every
 * member of the company acts as (decision 0223). Anyone else's is the 404 a missing one gets.
 */
@inject()
export default class NotificationPolicy extends BasePolicy {
  constructor(private notifications: NotificationService) {
    super()
  }

  /** POST /api/notifications/:id/read */
  async own(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    const owner = id === null ? null : await this.notifications.ownerOf(id)
    return this.allowedOr404(this.owns(owner, user.id), NOTIFICATION_NOT_FOUND)
  }
}
