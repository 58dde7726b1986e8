import { inject } from '@adonisjs/core'
import drive from '@adonisjs/drive/services/main'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import type { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { bookingReference } from '#core/reference'
import { validationError } from '#core/validation'
import {
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '#core/exceptions/http_errors'
import type { UploadKind } from '#core/file_sniffing'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import IdentityRevealService from '#payments/services/identity_reveal_service'
import AdvancedInvoiceService from '#finance/services/advanced_invoice_service'
import CargoClaimService from '#payments/services/cargo_claim_service'
import BookingMessage, { type MessageSide } from '#messages/models/booking_message'
import BookingMessageRead from '#messages/models/booking_message_read'
import { personNames } from '#accounts/services/person_names'
import {
  BOOKING_NOT_FOUND,
  EDIT_WINDOW_MINUTES,
  MESSAGE_NOT_FOUND,
  NOT_AUTHOR,
  EDIT_WINDOW_CLOSED,
  THREAD_NOT_OPEN,
} from '#messages/message_rules'

/** Who reads or writes a thread: one of its two sides, or an admin reading a disputed one. */
export type ThreadViewer = {
  userId: number
  side: MessageSide | 'admin'
  /** the login reading or writing (a company member's own, decision 0246); else `userId` */
  personId?: number
  /** that login's company role, null outside a company */
  role?: string | null
}
export type PartyViewer = ThreadViewer & { side: MessageSide }

export type MessageAttachmentShape = {
  fileName: string
  mimeType: string
  size: number
  downloadUrl: string
}

export type MessageShape = {
  id: number
  side: MessageSide
  /** who wrote it, "Name" of the login (decision 0246); null on messages older than that */
  authorName: string | null
  /** their company role when they wrote it, null outside a company or on older messages */
  authorRole: string | null
  mine: boolean
  body: string
  createdAt: string
  editedAt: string | null
  /** until when its author may still edit it; null when the viewer may not (or no longer) */
  editableUntil: string | null
  /** the other side has read it (its read receipt reaches this message) */
  read: boolean
  attachment: MessageAttachmentShape | null
}

export type ThreadShape = {
  bookingId: number
  reference: string
  you: MessageSide | 'admin'
  messages: MessageShape[]
  /** messages of the other side newer than the viewer's read receipt (0 for an admin) */
  unread: number
  readUpTo: { shipper: number | null; carrier: number | null }
}

export type NewAttachment = { bytes: Buffer; kind: UploadKind; name: string }

/** What the listeners hear after a thread changed (backend/messages/events.ts). */
export type MessageChanged = {
  bookingId: number
  change: 'sent' | 'edited' | 'read'
  /** the side to tell by mail: the first message it has not read yet */
  mailSide: MessageSide | null
  fromSide: MessageSide
}

const iso = (t: DateTime) => t.toUTC().toISO()!
const otherSide = (side: MessageSide): MessageSide => (side === 'shipper' ? 'carrier' : 'shipper')

export const attachmentUrl = (bookingId: number, messageId: number) =>
  `/api/bookings/${bookingId}/messages/${messageId}/attachment`

/**
 * A booking's thread between its shipper and its carrier (docs/decisions/0230): opened by the
 * payment, kept for good (no delete), each message editable by its author for
 * EDIT_WINDOW_MINUTES by the injected Clock, read receipts per side, and admins reading only
 * a disputed booking's thread, each read logged in identity_reveal_log (decision 0231).
 * MessagePolicy has already decided that the viewer is one of the booking's parties (or such
 * an admin).
 */
@inject()
export default class MessageService {
  constructor(
    private clock: Clock,
    private bookings: BookingFactsService,
    private reveals: IdentityRevealService,
    private invoices: AdvancedInvoiceService,
    private claims: CargoClaimService
  ) {}

  async thread(bookingId: number, viewer: ThreadViewer): Promise<ThreadShape> {
    await this.openBooking(bookingId)
    if (viewer.side === 'admin') await this.logAdminRead(bookingId, viewer.userId, 'thread')
    const [messages, reads] = await Promise.all([
      BookingMessage.query().where('bookingId', bookingId).orderBy('id', 'asc'),
      this.reads(bookingId),
    ])
    const unread =
      viewer.side === 'admin'
        ? 0
        : messages.filter(
            (m) => m.authorSide !== viewer.side && m.id > (reads[viewer.side as MessageSide] ?? 0)
          ).length
    return {
      bookingId,
      reference: bookingReference(bookingId),
      you: viewer.side,
      messages: await this.presentAll(messages, viewer, reads),
      unread,
      readUpTo: reads,
    }
  }

  async send(
    bookingId: number,
    viewer: PartyViewer,
    body: string,
    attachment: NewAttachment | null = null
  ): Promise<MessageShape> {
    await this.openBooking(bookingId)
    let key: string | null = null
    if (attachment) {
      const suffix = Math.random().toString(36).slice(2, 10)
      key = `bookings/${bookingId}/messages/${this.clock.nowMillis().toString(36)}-${suffix}.${attachment.kind.extension}`
      await drive.use().put(key, attachment.bytes, { contentType: attachment.kind.mime })
    }
    const reads = await this.reads(bookingId)
    const recipient = otherSide(viewer.side)
    // The recipient is mailed for the first message it has not read, not for each one after it.
    const alreadyUnread = await BookingMessage.query()
      .where('bookingId', bookingId)
      .where('authorSide', viewer.side)
      .where('id', '>', reads[recipient] ?? 0)
      .first()
    let message: BookingMessage
    try {
      message = await BookingMessage.create({
        bookingId,
        authorUserId: viewer.userId,
        authorPersonId: viewer.personId ?? viewer.userId,
        authorRole: viewer.role ?? null,
        authorSide: viewer.side,
        body,
        attachmentPath: key,
        attachmentName: attachment ? attachment.name : null,
        attachmentMime: attachment ? attachment.kind.mime : null,
        attachmentSize: attachment ? attachment.bytes.length : null,
        createdAt: this.clock.now(),
        editedAt: null,
      })
    } catch (error) {
      if (key) {
        await drive
          .use()
          .delete(key)
          .catch((err) => logger.warn({ err, key }, 'could not delete an unsent attachment'))
      }
      throw error
    }
    await this.changed({
      bookingId,
      change: 'sent',
      mailSide: alreadyUnread ? null : recipient,
      fromSide: viewer.side,
    })
    return (await this.presentAll([message], viewer, reads))[0]
  }

  /** Its author rewrites a message within EDIT_WINDOW_MINUTES of sending it; never after. */
  async edit(
    bookingId: number,
    messageId: number,
    viewer: PartyViewer,
    body: string
  ): Promise<MessageShape> {
    await this.openBooking(bookingId)
    const message = await this.message(bookingId, messageId)
    if (!this.wrote(message, viewer)) {
      throw new ForbiddenException(NOT_AUTHOR)
    }
    const now = this.clock.now()
    if (now.toMillis() > message.createdAt.plus({ minutes: EDIT_WINDOW_MINUTES }).toMillis()) {
      throw new ConflictException(EDIT_WINDOW_CLOSED)
    }
    message.merge({ body, editedAt: now })
    await message.save()
    await this.changed({ bookingId, change: 'edited', mailSide: null, fromSide: viewer.side })
    return (await this.presentAll([message], viewer, await this.reads(bookingId)))[0]
  }

  /** The viewer's side has read the thread up to `upToMessageId` (a receipt never moves back). */
  async markRead(bookingId: number, viewer: PartyViewer, upToMessageId: number) {
    await this.openBooking(bookingId)
    const target = await BookingMessage.query()
      .where('bookingId', bookingId)
      .where('id', upToMessageId)
      .first()
    if (!target) {
      throw validationError([
        {
          field: 'upToMessageId',
          message: 'No message of this booking has that id',
          rule: 'exists',
        },
      ])
    }
    const moved = await writeTransaction(async (trx) => {
      const row = await BookingMessageRead.query({ client: trx })
        .where('bookingId', bookingId)
        .where('side', viewer.side)
        .first()
      if (row && row.lastReadMessageId >= upToMessageId) return false
      if (row) {
        row.merge({ lastReadMessageId: upToMessageId, readAt: this.clock.now() })
        await row.useTransaction(trx).save()
      } else {
        await BookingMessageRead.create(
          {
            bookingId,
            side: viewer.side,
            lastReadMessageId: upToMessageId,
            readAt: this.clock.now(),
          },
          { client: trx }
        )
      }
      return true
    })
    if (moved) {
      await this.changed({ bookingId, change: 'read', mailSide: null, fromSide: viewer.side })
    }
    return { readUpTo: await this.reads(bookingId) }
  }

  /** A message's attached file; an admin's download is logged like the thread's read. */
  async attachment(bookingId: number, messageId: number, viewer: ThreadViewer) {
    await this.openBooking(bookingId)
    const message = await this.message(bookingId, messageId)
    if (!message.attachmentPath) throw new NotFoundException('This message has no attachment')
    if (viewer.side === 'admin') await this.logAdminRead(bookingId, viewer.userId, 'attachment')
    return {
      bytes: await drive.use().getBytes(message.attachmentPath),
      mimeType: message.attachmentMime ?? 'application/octet-stream',
      fileName: message.attachmentName ?? message.attachmentPath.split('/').pop()!,
    }
  }

  /** The thread exists only once the booking was paid: before, the parties are anonymous. */
  private async openBooking(bookingId: number) {
    const facts = await this.bookings.threadFacts(bookingId)
    if (!facts) throw new NotFoundException(BOOKING_NOT_FOUND)
    if (!facts.paid || facts.carrierId === null) throw new ConflictException(THREAD_NOT_OPEN)
    return facts
  }

  private async message(bookingId: number, messageId: number) {
    const message = await BookingMessage.query()
      .where('bookingId', bookingId)
      .where('id', messageId)
      .first()
    if (!message) throw new NotFoundException(MESSAGE_NOT_FOUND)
    return message
  }

  private async reads(bookingId: number) {
    const rows = await BookingMessageRead.query().where('bookingId', bookingId)
    const of = (side: MessageSide) => rows.find((r) => r.side === side)?.lastReadMessageId ?? null
    return { shipper: of('shipper'), carrier: of('carrier') }
  }

  private async logAdminRead(bookingId: number, adminId: number, what: 'thread' | 'attachment') {
    const disputes = await this.invoices.disputesNaming(bookingId)
    const claim = await this.claims.claimNaming(bookingId)
    const why = [
      ...(disputes.length > 0 ? [`disputed ${disputes.join(', ')}`] : []),
      ...(claim ? [claim] : []),
    ].join('; ')
    const reason =
      what === 'thread'
        ? `Read the booking's messages: ${why}`
        : `Downloaded a message attachment: ${why}`
    await this.reveals.logDeliberate({ id: adminId, role: 'admin' }, bookingId, reason)
  }

  /**
   * Whether the viewer's login wrote the message: the member themself, not another member of
   * the same company (decision 0246); a message older than that is its company's.
   */
  private wrote(m: BookingMessage, viewer: ThreadViewer) {
    if (m.authorUserId !== viewer.userId || m.authorSide !== viewer.side) return false
    return m.authorPersonId === null || m.authorPersonId === (viewer.personId ?? viewer.userId)
  }

  private async presentAll(
    messages: BookingMessage[],
    viewer: ThreadViewer,
    reads: { shipper: number | null; carrier: number | null }
  ) {
    const names = await personNames(messages.map((m) => m.authorPersonId))
    return messages.map((m) => this.present(m, viewer, reads, names))
  }

  private present(
    m: BookingMessage,
    viewer: ThreadViewer,
    reads: { shipper: number | null; carrier: number | null },
    names: Map<number, string>
  ): MessageShape {
    const mine = this.wrote(m, viewer)
    const until = m.createdAt.plus({ minutes: EDIT_WINDOW_MINUTES })
    const editable = mine && this.clock.nowMillis() <= until.toMillis()
    return {
      id: m.id,
      side: m.authorSide,
      authorName: m.authorPersonId === null ? null : (names.get(m.authorPersonId) ?? null),
      authorRole: m.authorPersonId === null ? null : m.authorRole,
      mine,
      body: m.body,
      createdAt: iso(m.createdAt),
      editedAt: m.editedAt ? iso(m.editedAt) : null,
      editableUntil: editable ? iso(until) : null,
      read: (reads[otherSide(m.authorSide)] ?? 0) >= m.id,
      attachment: m.attachmentPath
        ? {
            fileName: m.attachmentName ?? m.attachmentPath.split('/').pop()!,
            mimeType: m.attachmentMime ?? 'application/octet-stream',
            size: m.attachmentSize ?? 0,
            downloadUrl: attachmentUrl(m.bookingId, m.id),
          }
        : null,
    }
  }

  private async changed(event: MessageChanged) {
    await emitter.emit('message:changed', event)
  }
}
