import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { US_STATES } from '#core/us_states'

/**
 * Company Profile edit (an approved carrier). The address fields follow registration's rules;
 * the company name, DOT and MC numbers may be sent back unchanged (the form shows them) but
 * not changed: they were checked at approval (docs/decisions/0053).
 */
export const companyProfileValidator = vine.compile(
  vine.object({
    businessAddress: vine.string().trim().minLength(1).maxLength(255),
    city: vine.string().trim().minLength(1).maxLength(100),
    state: vine
      .string()
      .trim()
      .toUpperCase()
      .in([...US_STATES]),
    zipCode: vine
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/),
    companyName: vine.string().trim().maxLength(200).optional(),
    dotNumber: vine.string().trim().maxLength(20).nullable().optional(),
    mcNumber: vine.string().trim().maxLength(20).nullable().optional(),
  })
)
companyProfileValidator.messagesProvider = new SimpleMessagesProvider({
  'businessAddress.required': 'Business address is required',
  'businessAddress.string': 'Business address is required',
  'businessAddress.minLength': 'Business address is required',
  'businessAddress.maxLength': 'Business address must be at most 255 characters',
  'city.required': 'City is required',
  'city.string': 'City is required',
  'city.minLength': 'City is required',
  'city.maxLength': 'City must be at most 100 characters',
  'state.required': 'State must be a two-letter US state code',
  'state.string': 'State must be a two-letter US state code',
  'state.in': 'State must be a two-letter US state code',
  'zipCode.required': 'ZIP code must have 5 digits',
  'zipCode.string': 'ZIP code must have 5 digits',
  'zipCode.regex': 'ZIP code must have 5 digits',
  'string': 'The {{ field }} field must be text',
  'maxLength': 'The {{ field }} field is too long',
})
