import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { contentDisposition } from '#core/file_sniffing'
import { checkUpload, readSingleUpload } from '#core/uploads'
import MessageService, {
  type PartyViewer,
  type ThreadViewer,
} from '#messages/services/message_service'
import {
  attachmentNoteValidator,
  messageValidator,
  readReceiptValidator,
} from '#messages/validators/message'
import { MAX_ATTACHMENT_BYTES } from '#messages/message_rules'
import { signedInPersonId } from '#accounts/services/signed_in_person'

/** A booking's thread (docs/decisions/0230); MessagePolicy has checked the booking. */
@inject()
export default class BookingMessagesController {
  constructor(private messages: MessageService) {}

  /** GET /api/bookings/:id/messages */
  async index({ auth, params }: HttpContext) {
    return this.messages.thread(Number(params.id), this.viewer(auth))
  }

  /** POST /api/bookings/:id/messages */
  async store({ auth, params, request, response }: HttpContext) {
    const { body } = await request.validateUsing(messageValidator)
    const message = await this.messages.send(Number(params.id), this.party(auth), body)
    return response.created(message)
  }

  /** POST /api/bookings/:id/messages/attachments: a file (PDF, JPEG, PNG) and an optional note. */
  async attach({ auth, params, request, response }: HttpContext) {
    const received = await readSingleUpload(request, 'file', MAX_ATTACHMENT_BYTES)
    const { body } = await request.validateUsing(attachmentNoteValidator, {
      data: request.all(),
    })
    const file = checkUpload(received, 'file', MAX_ATTACHMENT_BYTES)
    const message = await this.messages.send(Number(params.id), this.party(auth), body ?? '', {
      bytes: file.bytes,
      kind: file.kind,
      name: file.name,
    })
    return response.created(message)
  }

  /** PATCH /api/bookings/:id/messages/:messageId */
  async update({ auth, params, request }: HttpContext) {
    const { body } = await request.validateUsing(messageValidator)
    return this.messages.edit(Number(params.id), Number(params.messageId), this.party(auth), body)
  }

  /** POST /api/bookings/:id/messages/read */
  async read({ auth, params, request }: HttpContext) {
    const { upToMessageId } = await request.validateUsing(readReceiptValidator)
    return this.messages.markRead(Number(params.id), this.party(auth), upToMessageId)
  }

  /** GET /api/bookings/:id/messages/:messageId/attachment */
  async download({ auth, params, response }: HttpContext) {
    const file = await this.messages.attachment(
      Number(params.id),
      Number(params.messageId),
      this.viewer(auth)
    )
    response.header('content-type', file.mimeType)
    response.header('content-disposition', contentDisposition(file.fileName))
    response.header('cache-control', 'private, no-store')
    return response.send(Buffer.from(file.bytes))
  }

  private viewer(auth: HttpContext['auth']): ThreadViewer {
    const user = auth.getUserOrFail()
    if (user.role === 'admin') return { userId: user.id, side: 'admin' }
    return this.party(auth)
  }

  /** The company's side, and the member who acts for it (docs/decisions/0246). */
  private party(auth: HttpContext['auth']): PartyViewer {
    const user = auth.getUserOrFail()
    return {
      userId: user.id,
      side: user.role === 'carrier' ? 'carrier' : 'shipper',
      personId: signedInPersonId(auth),
      role: user.member?.role ?? null,
    }
  }
}
