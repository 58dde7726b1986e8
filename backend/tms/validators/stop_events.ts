import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { EXCEPTION_KINDS, STOP_EVENT_TYPES } from '#tms/stop_event_rules'

/** The longest signature data URL taken: about 150 kB of PNG (a drawn signature is ~10 kB). */
export const MAX_SIGNATURE_CHARS = 200_000
/** Photos one step may name. */
export const MAX_PHOTOS_PER_STEP = 8
/** The largest photo a driver may upload (the phone resizes to 1600 px first). */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024

/** One driver's step (docs/decisions/0243); what each type needs is checked by the service. */
export const stopEventValidator = vine.compile(
  vine.object({
    type: vine.enum(STOP_EVENT_TYPES),
    at: vine.string().trim().maxLength(40).optional(),
    lat: vine.number().range([-90, 90]).optional().requiredIfExists('lng'),
    lng: vine.number().range([-180, 180]).optional().requiredIfExists('lat'),
    accuracyM: vine.number().range([0, 100_000]).optional(),
    pieces: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    sealNumber: vine.string().trim().minLength(1).maxLength(40).optional(),
    consigneeName: vine.string().trim().minLength(2).maxLength(120).optional(),
    signature: vine
      .string()
      .maxLength(MAX_SIGNATURE_CHARS)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/)
      .optional(),
    exception: vine
      .object({
        kind: vine.enum(EXCEPTION_KINDS),
        note: vine.string().trim().minLength(3).maxLength(1000),
      })
      .optional(),
    photoIds: vine
      .array(vine.number().withoutDecimals().positive())
      .maxLength(MAX_PHOTOS_PER_STEP)
      .distinct()
      .optional(),
  })
)
stopEventValidator.messagesProvider = new SimpleMessagesProvider({
  'type.required': 'The step is required',
  'type.enum': `The step must be one of ${STOP_EVENT_TYPES.join(', ')}`,
  'lat.range': 'Latitude must be between -90 and 90',
  'lng.range': 'Longitude must be between -180 and 180',
  'lat.requiredIfExists': 'A position needs both latitude and longitude',
  'lng.requiredIfExists': 'A position needs both latitude and longitude',
  'accuracyM.range': 'Accuracy must be between 0 and 100000 metres',
  'pieces.withoutDecimals': 'Pieces must be a whole number',
  'pieces.range': 'Pieces must be between 1 and 10000',
  'consigneeName.minLength': "The consignee's name must have at least 2 characters",
  'signature.regex': 'The signature must be a PNG image (a data:image/png;base64 URL)',
  'signature.maxLength': 'The signature image is too large',
  'exception.kind.enum': `The exception must be one of ${EXCEPTION_KINDS.join(', ')}`,
  'exception.note.minLength': 'Say what happened (at least 3 characters)',
  'photoIds.maxLength': `A step takes at most ${MAX_PHOTOS_PER_STEP} photos`,
})
