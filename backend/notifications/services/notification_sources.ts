import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { bookingReference } from '#core/reference'
import { formatUsd } from '#core/money'
import CarrierShownToShipper from '#marketplace/services/carrier_shown_to_shipper'
import type { BookingStatusChanged } from '#marketplace/events'
import type { OfferChange, FreightBoardChange } from '#freight_board/events'
import type { MessageChanged } from '#messages/services/message_service'
import type { ClaimsChanged, PayoutsChanged } from '#payments/payout_events'
import type { AlertMatched } from '#notifications/events'
import NotificationService from '#notifications/services/notification_service'

const STATUS_WORDS: Record<string, string> = {
  pending: 'is waiting for payment',
  booked: 'is booked',
  confirmed: 'was confirmed by the carrier',
  in_transit: 'is in transit',
  delivered: 'was delivered',
  delayed: 'is delayed',
  cancelled: 'was cancelled',
}

const SHIPPER_BOOKINGS = '/shipper#bookings'
const CARRIER_BOOKINGS = '/carrier#bookings'

/**
 * What each event the other modules emit means to the people it concerns (issue 36,
 * docs/decisions/0241): the words and link of each notification, and who gets it. The side
 * that acted is not told of its own step. A shipper's notification names a carrier only by its
 * anonymous label ("Verified carrier #NNNN", CarrierShownToShipper), paid or not: a
 * notification is no reveal; the booking's own screen names the company once it is paid.
 */
@inject()
export default class NotificationSources {
  constructor(
    private notifications: NotificationService,
    private carriers: CarrierShownToShipper
  ) {}

  async bookingStatusChanged(event: BookingStatusChanged) {
    const booking = await db
      .from('bookings')
      .leftJoin('carriers', 'carriers.id', 'bookings.carrier_id')
      .where('bookings.id', event.bookingId)
      .select(
        'bookings.shipper_id as shipperId',
        'bookings.carrier_id as carrierId',
        'carriers.user_id as carrierUserId'
      )
      .first()
    if (!booking) return
    const ref = bookingReference(event.bookingId)
    const shipperId = Number(booking.shipperId)
    const carrierId = booking.carrierId === null ? null : Number(booking.carrierId)
    const carrierUserId = booking.carrierUserId === null ? null : Number(booking.carrierUserId)
    const paid = event.from === 'pending' && event.to === 'booked'
    const kind = paid ? 'payment' : 'booking'
    const words = STATUS_WORDS[event.to] ?? `is now ${event.to.replace('_', ' ')}`

    if (shipperId !== event.actorUserId) {
      const label =
        carrierId === null ? null : (await this.carriers.unpaidLabels([carrierId])).get(carrierId)
      await this.notifications.notify(shipperId, {
        kind,
        title: paid ? `Payment received for ${ref}` : `Booking ${ref} ${words}`,
        body: paid
          ? `Your payment for booking ${ref} was confirmed: the booking is booked${label ? ` with ${label}` : ''}.`
          : `Booking ${ref}${label ? ` with ${label}` : ''} ${words}.`,
        link: SHIPPER_BOOKINGS,
      })
    }
    if (carrierUserId !== null && carrierUserId !== event.actorUserId) {
      await this.notifications.notify(carrierUserId, {
        kind,
        title: paid ? `Booking ${ref} is paid` : `Booking ${ref} ${words}`,
        body: paid
          ? `The shipper paid booking ${ref}: it is booked, and the payout follows the delivery.`
          : `Booking ${ref} ${words}.`,
        link: CARRIER_BOOKINGS,
      })
    }
  }

  async offerChanged(change: OfferChange) {
    const offer = await db
      .from('freight_offers')
      .join('freight_listings', 'freight_listings.id', 'freight_offers.listing_id')
      .where('freight_offers.id', change.offerId)
      .select(
        'freight_offers.carrier_id as carrierId',
        'freight_offers.carrier_user_id as carrierUserId',
        'freight_offers.amount_cents as amountCents',
        'freight_offers.last_by as lastBy',
        'freight_listings.shipper_id as shipperId'
      )
      .first()
    if (!offer) return
    const load = `load #${change.listingId}`
    const amount = formatUsd(Number(offer.amountCents))
    const carrierId = Number(offer.carrierId)
    const label = (await this.carriers.unpaidLabels([carrierId])).get(carrierId) ?? 'A carrier'
    // Who acted: the carrier makes and withdraws; a counter is its author's (last_by after it);
    // an accept or a decline answers the amount the other side put on the table.
    const actor: 'shipper' | 'carrier' | 'system' =
      change.change === 'made' || change.change === 'withdrawn'
        ? 'carrier'
        : change.change === 'countered'
          ? offer.lastBy
          : change.change === 'closed'
            ? 'system'
            : offer.lastBy === 'shipper'
              ? 'carrier'
              : 'shipper'
    const toShipper: Record<OfferChange['change'], string> = {
      made: `${label} offered ${amount} on ${load}.`,
      countered: `${label} countered with ${amount} on ${load}.`,
      accepted: `${label} accepted ${amount} on ${load}: it is booked.`,
      declined: `${label} declined your counter on ${load}.`,
      withdrawn: `${label} withdrew its offer on ${load}.`,
      closed: `An offer on ${load} was closed.`,
    }
    const toCarrier: Record<OfferChange['change'], string> = {
      made: `Your offer of ${amount} on ${load} was sent.`,
      countered: `The shipper countered with ${amount} on ${load}.`,
      accepted: `The shipper accepted ${amount} on ${load}: it is booked.`,
      declined: `The shipper declined your offer on ${load}.`,
      withdrawn: `Your offer on ${load} was withdrawn.`,
      closed: `Your offer on ${load} was closed: the load was claimed, cancelled or expired.`,
    }
    const title = `Offer ${change.change} on ${load}`
    if (actor !== 'shipper' && change.change !== 'closed') {
      await this.notifications.notify(Number(offer.shipperId), {
        kind: 'offer',
        title,
        body: toShipper[change.change],
        link: '/post-load',
      })
    }
    if (actor !== 'carrier') {
      await this.notifications.notify(Number(offer.carrierUserId), {
        kind: 'offer',
        title,
        body: toCarrier[change.change],
        link: '/carrier#freight-board',
      })
    }
  }

  /** A message sent on a paid booking's thread: the other side is told (one per unread run). */
  async messageChanged(event: MessageChanged) {
    if (event.change !== 'sent' || event.mailSide === null) return
    const booking = await db
      .from('bookings')
      .leftJoin('carriers', 'carriers.id', 'bookings.carrier_id')
      .where('bookings.id', event.bookingId)
      .select('bookings.shipper_id as shipperId', 'carriers.user_id as carrierUserId')
      .first()
    if (!booking) return
    const ref = bookingReference(event.bookingId)
    const to = event.mailSide === 'shipper' ? booking.shipperId : booking.carrierUserId
    if (to === null || to === undefined) return
    await this.notifications.notify(Number(to), {
      kind: 'message',
      title: `New message on booking ${ref}`,
      body: `The ${event.fromSide} of booking ${ref} wrote to you.`,
      link: event.mailSide === 'shipper' ? SHIPPER_BOOKINGS : CARRIER_BOOKINGS,
    })
  }

  async payoutsChanged(event: PayoutsChanged) {
    if (event.payouts.length === 0) return
    const byCarrier = new Map<number, number[]>()
    for (const p of event.payouts) {
      byCarrier.set(p.carrierId, [...(byCarrier.get(p.carrierId) ?? []), p.bookingId])
    }
    const carriers: { id: number; userId: number | null }[] = await db
      .from('carriers')
      .whereIn('id', [...byCarrier.keys()])
      .select('id', 'user_id as userId')
    const words = {
      released: 'released from escrow',
      paid: 'paid to your account',
      failed: 'could not be transferred',
      held: 'on hold',
    }[event.change]
    for (const carrier of carriers) {
      if (carrier.userId === null) continue
      const refs = byCarrier
        .get(Number(carrier.id))!
        .sort((a, b) => a - b)
        .map(bookingReference)
      const n = refs.length
      await this.notifications.notify(Number(carrier.userId), {
        kind: 'payout',
        title: n === 1 ? `Payout for ${refs[0]} ${words}` : `${n} payouts ${words}`,
        body: `The payout${n === 1 ? '' : 's'} for ${refs.join(', ')} ${n === 1 ? 'is' : 'are'} ${words}.`,
        link: '/carrier#payouts',
      })
    }
  }

  async claimChanged(event: ClaimsChanged) {
    const claim = await db
      .from('cargo_claims')
      .join('carriers', 'carriers.id', 'cargo_claims.carrier_id')
      .where('cargo_claims.id', event.claimId)
      .select('cargo_claims.shipper_id as shipperId', 'carriers.user_id as carrierUserId')
      .first()
    if (!claim) return
    const ref = bookingReference(event.bookingId)
    const status = event.status.replace(/_/g, ' ').toLowerCase()
    const input = {
      kind: 'claim' as const,
      title: `Cargo claim on ${ref}: ${status}`,
      body: `The cargo claim on booking ${ref} is now ${status}.`,
      link: `/claims?claim=${event.claimId}`,
    }
    await this.notifications.notifyAll(
      [Number(claim.shipperId), Number(claim.carrierUserId)],
      input
    )
  }

  async accountDecided(
    userId: number,
    decision: 'approved' | 'rejected' | 'suspended' | 'reinstated'
  ) {
    const bodies = {
      approved: 'An admin approved your account: you can use PalletLine in full.',
      rejected: 'An admin rejected your account. The mail we sent says why and what to do next.',
      suspended: 'Your account is suspended. Your settings page says why and how to appeal.',
      reinstated: 'Your account is approved again: you can use PalletLine in full.',
    }
    await this.notifications.notify(userId, {
      kind: 'vetting',
      title: `Your account was ${decision}`,
      body: bodies[decision],
      link: decision === 'approved' || decision === 'reinstated' ? '/dashboard' : '/settings',
    })
  }

  /** A posted load expired unclaimed: its shipper is told (a hold's end tells no one). */
  async freightChanged(change: FreightBoardChange) {
    if (change.type !== 'expired') return
    const load = await db
      .from('freight_listings')
      .where('id', change.id)
      .select('shipper_id as shipperId')
      .first()
    if (!load) return
    await this.notifications.notify(Number(load.shipperId), {
      kind: 'hold_expiry',
      title: `Load #${change.id} expired`,
      body: `Your posted load #${change.id} expired before a carrier claimed it.`,
      link: '/post-load',
    })
  }

  /** Everyone a posting matched, in one batch (docs/decisions/0267). */
  async alertMatched(event: AlertMatched) {
    await this.notifications.notifyMany(
      event.recipients.map((r) => ({ userId: r.userId, mailedElsewhere: r.mailed ?? false })),
      {
        kind: 'alert',
        title: event.title,
        body: event.title,
        link: event.link,
        dedupeKey: `alert:${event.kind}:${event.subjectId}`,
      }
    )
  }
}
