import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import WebPushService from '#notifications/services/web_push_service'
import {
  pushEndpointValidator,
  pushSubscriptionValidator,
} from '#notifications/validators/notifications'

/**
 * Web push (docs/decisions/0253): the server's VAPID public key for the browser's
 * `pushManager.subscribe`, and the signed-in company's browsers subscribing and unsubscribing.
 * Which kinds are pushed is the notification preferences' `push` (the owner's choice).
 */
@inject()
export default class PushSubscriptionsController {
  constructor(private push: WebPushService) {}

  /** GET /api/push-subscriptions/key */
  async key({ auth }: HttpContext) {
    const keys = await this.push.keys()
    return {
      public_key: keys.publicKey,
      subscriptions: await this.push.count(auth.getUserOrFail().id),
    }
  }

  /** POST /api/push-subscriptions */
  async store({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(pushSubscriptionValidator)
    return response.created(await this.push.subscribe(auth.getUserOrFail().id, input))
  }

  /** DELETE /api/push-subscriptions?endpoint= */
  async destroy({ auth, request, response }: HttpContext) {
    const { endpoint } = await request.validateUsing(pushEndpointValidator, {
      data: request.qs(),
    })
    await this.push.unsubscribe(auth.getUserOrFail().id, endpoint)
    return response.noContent()
  }
}
