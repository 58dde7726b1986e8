import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ContactService from '#accounts/services/contact_service'
import { contactValidator } from '#accounts/validators/contact'

export const CONTACT_RECEIVED =
  "Thank you for your message! We've received it and will get back to you within 24 hours."

/** The contact form (decision 0185). */
@inject()
export default class ContactController {
  constructor(private contact: ContactService) {}

  /**
   * POST /api/contact: anyone, throttled per address. A filled honeypot (`website`) answers as
   * a success and keeps nothing, so a bot learns nothing from the answer.
   */
  async store(ctx: HttpContext) {
    const { auth, request, response } = ctx
    const { website, ...input } = await request.validateUsing(contactValidator)
    if (!website) {
      // A visitor carries no session (the session gate starts none), so only a request that
      // has one can name its sender.
      const web = ctx.session ? auth.use('web') : null
      const userId = web && (await web.check()) ? web.user!.id : null
      await this.contact.submit(input, userId)
    }
    return response.status(201).send({ message: CONTACT_RECEIVED })
  }
}
