import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ContactService from '#accounts/services/contact_service'
import { contactListValidator, CONTACT_PER_PAGE } from '#accounts/validators/contact'

/** The contact form's inbox for admins (decision 0185). */
@inject()
export default class ContactMessagesController {
  constructor(private contact: ContactService) {}

  /** GET /api/admin/contact-messages: newest first, paged. */
  async index({ request }: HttpContext) {
    const { page, perPage } = await request.validateUsing(contactListValidator, {
      data: request.qs(),
    })
    return this.contact.list(page ?? 1, perPage ?? CONTACT_PER_PAGE)
  }
}
