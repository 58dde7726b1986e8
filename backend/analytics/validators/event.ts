import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const trackEventValidator = vine.compile(
  vine.object({
    name: vine
      .string()
      .trim()
      .minLength(1)
      .maxLength(100)
      .regex(/^[A-Za-z0-9_:.-]+$/),
    path: vine.string().trim().maxLength(500).optional(),
    properties: vine.object({}).allowUnknownProperties().optional(),
  })
)
trackEventValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'Event name is required',
  'name.minLength': 'Event name is required',
  'name.maxLength': 'Event name must be at most 100 characters',
  'name.regex': 'Event name may contain only letters, digits and _ : . -',
  'path.maxLength': 'Path must be at most 500 characters',
  'properties.object': 'Properties must be an object',
})
