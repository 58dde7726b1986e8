import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/** The certificate's fields beside the file (the file itself is checked by its bytes). */
export const insuranceUploadValidator = vine.compile(
  vine.object({
    expiresOn: vine.string().trim(),
  })
)
insuranceUploadValidator.messagesProvider = new SimpleMessagesProvider({
  'expiresOn.required': 'Expiry date is required',
  'expiresOn.string': 'Expiry date is required',
})
