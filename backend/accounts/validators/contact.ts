import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/** Messages a page of the admin's contact inbox holds by default and at most. */
export const CONTACT_PER_PAGE = 20
export const CONTACT_MAX_PER_PAGE = 100

/**
 * POST /api/contact (decision 0185): the same rules as the form's own checks, with lengths the
 * table holds. `website` is the honeypot: hidden from people, filled only by bots.
 */
export const contactValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(120),
    email: vine.string().trim().maxLength(254).email(),
    company: vine.string().trim().maxLength(120).optional(),
    subject: vine.string().trim().minLength(1).maxLength(200),
    message: vine.string().trim().minLength(10).maxLength(5000),
    website: vine.string().trim().maxLength(500).optional(),
  })
)
contactValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'Name is required',
  'name.string': 'Name is required',
  'name.minLength': 'Name is required',
  'name.maxLength': 'Name must be at most 120 characters',
  'email.required': 'Please enter a valid email address',
  'email.string': 'Please enter a valid email address',
  'email.email': 'Please enter a valid email address',
  'email.maxLength': 'Please enter a valid email address',
  'company.string': 'Company must be text',
  'company.maxLength': 'Company must be at most 120 characters',
  'subject.required': 'Subject is required',
  'subject.string': 'Subject is required',
  'subject.minLength': 'Subject is required',
  'subject.maxLength': 'Subject must be at most 200 characters',
  'message.required': 'Message must be at least 10 characters',
  'message.string': 'Message must be at least 10 characters',
  'message.minLength': 'Message must be at least 10 characters',
  'message.maxLength': 'Message must be at most 5000 characters',
  'website.string': 'Leave this field empty',
  'website.maxLength': 'Leave this field empty',
})

/** GET /api/admin/contact-messages */
export const contactListValidator = vine.compile(
  vine.object({
    page: vine.number().withoutDecimals().min(1).max(100000).optional(),
    perPage: vine.number().withoutDecimals().min(1).max(CONTACT_MAX_PER_PAGE).optional(),
  })
)
const PAGE = 'Page must be a whole number from 1'
const PER_PAGE = `Per page must be a whole number from 1 to ${CONTACT_MAX_PER_PAGE}`
contactListValidator.messagesProvider = new SimpleMessagesProvider(
  Object.fromEntries(
    ['number', 'withoutDecimals', 'min', 'max'].flatMap((rule) => [
      [`page.${rule}`, PAGE],
      [`perPage.${rule}`, PER_PAGE],
    ])
  )
)
