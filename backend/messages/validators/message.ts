import vine from '@vinejs/vine'
import { MESSAGE_MAX_LENGTH } from '#messages/message_rules'

/** POST /api/bookings/:id/messages and PATCH of one: the text, trimmed, 1 to 4000 characters. */
export const messageValidator = vine.compile(
  vine.object({
    body: vine.string().trim().minLength(1).maxLength(MESSAGE_MAX_LENGTH),
  })
)

/** POST /api/bookings/:id/messages/attachments: the file's note, which may be empty. */
export const attachmentNoteValidator = vine.compile(
  vine.object({
    body: vine.string().trim().maxLength(MESSAGE_MAX_LENGTH).optional(),
  })
)

/** POST /api/bookings/:id/messages/read: the newest message the side has read. */
export const readReceiptValidator = vine.compile(
  vine.object({
    upToMessageId: vine.number().withoutDecimals().positive().max(2_147_483_647),
  })
)
