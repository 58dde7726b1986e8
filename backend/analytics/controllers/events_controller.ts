import type { HttpContext } from '@adonisjs/core/http'
import analytics from '#plugins/analytics/services/main'
import { trackEventValidator } from '#analytics/validators/event'

export default class EventsController {
  /** Page views and product events from the frontend; signed-in or not. */
  async store({ request, response, auth, session }: HttpContext) {
    const { name, path, properties } = await request.validateUsing(trackEventValidator)
    // A visitor without a session cookie has no session to sign them in (decision 0055).
    const user = session
      ? await auth
          .use('web')
          .check()
          .then((ok) => (ok ? auth.use('web').user : undefined))
      : undefined
    const serialized = JSON.stringify(properties ?? {})
    await analytics.track({
      name,
      path: path ?? null,
      userId: user?.id ?? null,
      properties: serialized.length > 4000 ? { truncated: true } : (properties ?? {}),
      occurredAt: new Date(),
    })
    return response.noContent()
  }
}
