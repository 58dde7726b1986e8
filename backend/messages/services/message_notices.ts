import { inject } from '@adonisjs/core'
import { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import { notifyUsers } from '#core/live_notices'
import { mailedLinkOrigin } from '#core/public_origin'
import { bookingReference } from '#core/reference'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import AccountStatsService from '#accounts/services/account_stats_service'
import type { MessageChanged } from '#messages/services/message_service'
import type { MessageSide } from '#messages/models/booking_message'

/** The mail to one side of a booking that the other side wrote to it (no message text in it). */
export class NewMessageMail extends BaseMail {
  subject: string

  constructor(
    private to: string,
    private reference: string,
    private fromSide: MessageSide,
    private link: string
  ) {
    super()
    this.subject = `New message on booking ${reference}`
  }

  lines(): string[] {
    return [
      'Hello,',
      `The ${this.fromSide} of booking ${this.reference} sent you a message on PalletLine.`,
      `Read and answer it on the booking: ${this.link}`,
      'The PalletLine team',
    ]
  }

  prepare() {
    const escape = (line: string) => line.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    const lines = this.lines()
    this.message
      .to(this.to)
      .text(lines.join('\n\n') + '\n')
      .html(lines.map((l) => `<p>${escape(l)}</p>`).join('\n'))
  }
}

/**
 * After a thread changed: a live notice `{ kind: 'message', id: bookingId, change }` to both
 * parties' `users/:id` channels (docs/decisions/0171; the screens refetch the thread), and a
 * mail to the side that has a first unread message (docs/decisions/0230). A failed mail is
 * logged, never the sender's error.
 */
@inject()
export default class MessageNotices {
  constructor(
    private bookings: BookingFactsService,
    private carriers: CarrierProfileService,
    private accounts: AccountStatsService
  ) {}

  async changed(event: MessageChanged) {
    const facts = await this.bookings.threadFacts(event.bookingId)
    if (!facts || facts.carrierId === null) return
    const carrierUserId = (await this.carriers.userIdsByCarrierIds([facts.carrierId])).get(
      facts.carrierId
    )
    notifyUsers([facts.shipperId, carrierUserId], {
      kind: 'message',
      id: event.bookingId,
      change: event.change,
    })
    if (event.mailSide === null) return
    const to = event.mailSide === 'shipper' ? facts.shipperId : carrierUserId
    if (to === undefined) return
    const contact = (await this.accounts.contactsByIds([to])).get(to)
    if (!contact) return
    const path = event.mailSide === 'shipper' ? '/shipper#bookings' : '/carrier#bookings'
    try {
      await mail.send(
        new NewMessageMail(
          contact.email,
          bookingReference(event.bookingId),
          event.fromSide,
          `${mailedLinkOrigin()}${path}`
        )
      )
    } catch (error) {
      logger.error({ err: error, bookingId: event.bookingId }, 'new message mail failed')
    }
  }
}
