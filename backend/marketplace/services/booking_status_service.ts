import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Booking from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import {
  checkTransition,
  deliveryRefusal,
  nextStatuses,
  transitRefusal,
  type BookingStatus,
  type StatusActor,
} from '#marketplace/booking_status'
import type { BookingStatusChanged } from '#marketplace/events'
import { Clock } from '#core/clock'
import { businessToday, isoDay } from '#core/business_time'
import { rowCount, transaction } from '#core/transactions'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { sqlTimestamp } from '#core/timestamps'
import { PartnerShipments } from '#marketplace/contracts/partner_shipments'
import { partnerShipment } from '#marketplace/services/booking_presenter'
import { DeliveryEvidence, NO_EVIDENCE } from '#marketplace/contracts/delivery_evidence'
import {
  acceptedRateConfirmations,
  RATE_CONFIRMATION_REFUSAL,
} from '#marketplace/services/rate_confirmation_service'

export type StatusChangeActor = {
  userId: number | null
  role: StatusActor
  /** the company member who acted as `userId`, when a member did (docs/decisions/0223) */
  memberUserId?: number | null
}

/** Why in transit and delivered, when next, would be refused now (null when they would not). */
export type StatusRefusals = { inTransit: string | null; delivered: string | null }

/**
 * Changes a booking's status through the status machine, records who and when, stamps the
 * delivery confirmation and cancellation times, and emits events after the commit. The update
 * is conditional on the status read, so two concurrent changes cannot both apply. A delivery
 * must follow its pickup and have its paperwork (docs/decisions/0166), and the pickup its day
 * and window (0221).
 */
@inject()
export default class BookingStatusService {
  constructor(
    private clock: Clock,
    private partners: PartnerShipments,
    private evidence: DeliveryEvidence
  ) {}

  async change(
    bookingId: number,
    to: BookingStatus,
    actor: StatusChangeActor,
    options: {
      note?: string
      trx?: TransactionClientContract
      /** more columns to write with the change, from the booking as read in its transaction */
      also?: (booking: Booking) => Record<string, unknown>
    } = {}
  ): Promise<Booking> {
    if (to === 'cancelled') await this.cancelAtPartner(bookingId, actor)
    const run = async (trx: TransactionClientContract) => {
      const booking = await Booking.query({ client: trx }).where('id', bookingId).first()
      if (!booking) throw new NotFoundException('Booking not found')
      const from = booking.status
      const check = checkTransition(from, to, actor.role)
      if (!check.ok) throw new ConflictException(check.message)
      if (to === 'in_transit' || to === 'delivered') {
        const refusals = (await this.refusals([booking], actor.role, trx)).get(booking.id)
        const refusal = to === 'in_transit' ? refusals?.inTransit : refusals?.delivered
        if (refusal) throw new ConflictException(refusal)
      }

      const now = this.clock.now()
      // Format as the models do (a JS Date would be stored as epoch ms on SQLite).
      const stamp = sqlTimestamp(now, trx)
      const changes: Record<string, unknown> = { status: to, updated_at: stamp }
      if (to === 'delivered') changes.delivered_at = stamp
      if (to === 'cancelled') changes.cancelled_at = stamp
      if (options.also) Object.assign(changes, options.also(booking))
      const updated = await trx
        .from('bookings')
        .where('id', bookingId)
        .where('status', from)
        .update(changes)
      if (rowCount(updated) !== 1) {
        throw new ConflictException('The booking changed meanwhile; reload and try again')
      }
      await BookingStatusChange.create(
        {
          bookingId,
          fromStatus: from,
          toStatus: to,
          changedBy: actor.userId,
          actorUserId: actor.memberUserId ?? actor.userId,
          changedAt: now,
          note: options.note ?? null,
        },
        { client: trx }
      )
      const event: BookingStatusChanged = {
        bookingId,
        from,
        to,
        actorUserId: actor.userId,
        at: now.toISO()!,
      }
      return event
    }

    const event = options.trx ? await run(options.trx) : await transaction(run)
    const emit = async () => {
      await emitter.emit('booking:status_changed', event)
      if (event.to === 'delivered') await emitter.emit('booking:delivered', event)
      if (event.to === 'cancelled') await emitter.emit('booking:cancelled', event)
    }
    if (options.trx) options.trx.after('commit', emit)
    else await emit()
    return Booking.findOrFail(bookingId, options.trx ? { client: options.trx } : undefined)
  }

  /**
   * Why each booking may not be moved now to the steps that must follow what happened, for the
   * steps the status machine would give `actor` next: in transit not before the pickup day and
   * window (docs/decisions/0221), delivered not before them either and only with a proof of
   * delivery or an exception (0166), and for the carrier neither before it accepted the rate
   * confirmation (0226). Bookings with no such refusal are absent. One read of the evidence
   * and one of the acceptances for all of them.
   */
  async refusals(
    bookings: Booking[],
    actor: StatusActor,
    client?: TransactionClientContract
  ): Promise<Map<number, StatusRefusals>> {
    const refusals = new Map<number, StatusRefusals>()
    const candidates = bookings
      .map((booking) => ({ booking, next: nextStatuses(booking.status, actor) }))
      .filter(({ next }) => next.includes('in_transit') || next.includes('delivered'))
    if (candidates.length === 0) return refusals
    const delivering = candidates.filter(({ next }) => next.includes('delivered'))
    const evidence =
      delivering.length === 0
        ? new Map()
        : await this.evidence.forBookings(
            delivering.map(({ booking }) => booking.id),
            client
          )
    const accepted =
      actor === 'carrier'
        ? await acceptedRateConfirmations(
            candidates.map(({ booking }) => booking.id),
            client
          )
        : null
    const today = businessToday(this.clock)
    const nowMs = this.clock.nowMillis()
    for (const { booking, next } of candidates) {
      const pickup = {
        today,
        nowMs,
        pickupDate: isoDay(booking.pickupDate),
        pickupWindowStartMs: booking.pickupWindowStart?.toMillis() ?? null,
      }
      // A carrier picks up only what it confirmed; a delivery from in transit follows a pickup
      // already reported (a partner's booking is its own confirmation).
      const unconfirmed = accepted !== null && !accepted.has(booking.id)
      const inTransit = next.includes('in_transit')
        ? unconfirmed
          ? RATE_CONFIRMATION_REFUSAL
          : transitRefusal(pickup)
        : null
      const delivered = next.includes('delivered')
        ? unconfirmed && booking.status !== 'in_transit'
          ? RATE_CONFIRMATION_REFUSAL
          : deliveryRefusal({ ...pickup, ...(evidence.get(booking.id) ?? NO_EVIDENCE) }, actor)
        : null
      if (inTransit || delivered) refusals.set(booking.id, { inTransit, delivered })
    }
    return refusals
  }

  /**
   * A partner booking is cancelled at its partner first, so no truck comes for freight that
   * was cancelled here (decision 0110); a refusal leaves the booking as it was.
   */
  private async cancelAtPartner(bookingId: number, actor: StatusChangeActor) {
    const booking = await Booking.find(bookingId)
    if (!booking || booking.provider === 'internal' || !booking.partnerShipmentId) return
    const check = checkTransition(booking.status, 'cancelled', actor.role)
    if (!check.ok) throw new ConflictException(check.message)
    await this.partners.cancel({
      bookingId,
      provider: booking.provider,
      partnerShipmentId: booking.partnerShipmentId,
      carrier: partnerShipment(booking)?.carrier ?? booking.provider,
    })
  }

  /** The status history of a booking, oldest first. */
  async history(bookingId: number) {
    return BookingStatusChange.query()
      .where('bookingId', bookingId)
      .orderBy('changedAt', 'asc')
      .orderBy('id', 'asc')
  }
}
