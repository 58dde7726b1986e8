import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Booking from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import {
  checkTransition,
  deliveryRefusal,
  nextStatuses,
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

export type StatusChangeActor = { userId: number | null; role: StatusActor }

/**
 * Changes a booking's status through the status machine, records who and when, stamps the
 * delivery confirmation and cancellation times, and emits events after the commit. The update
 * is conditional on the status read, so two concurrent changes cannot both apply. A delivery
 * must follow its pickup and have its paperwork (docs/decisions/0166).
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
      if (to === 'delivered') {
        const refusal = (await this.deliveryRefusals([booking], actor.role, trx)).get(booking.id)
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
   * Why each booking `actor` could mark delivered by the status machine may not be delivered
   * now (docs/decisions/0166); bookings that may, or for which delivery is not the next step
   * anyway, are absent. One read of the evidence for all of them.
   */
  async deliveryRefusals(
    bookings: Booking[],
    actor: StatusActor,
    client?: TransactionClientContract
  ): Promise<Map<number, string>> {
    const refusals = new Map<number, string>()
    const candidates = bookings.filter((b) => nextStatuses(b.status, actor).includes('delivered'))
    if (candidates.length === 0) return refusals
    const evidence = await this.evidence.forBookings(
      candidates.map((b) => b.id),
      client
    )
    const today = businessToday(this.clock)
    const nowMs = this.clock.nowMillis()
    for (const booking of candidates) {
      const refusal = deliveryRefusal(
        {
          today,
          nowMs,
          pickupDate: isoDay(booking.pickupDate),
          pickupWindowStartMs: booking.pickupWindowStart?.toMillis() ?? null,
          ...(evidence.get(booking.id) ?? NO_EVIDENCE),
        },
        actor
      )
      if (refusal) refusals.set(booking.id, refusal)
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
