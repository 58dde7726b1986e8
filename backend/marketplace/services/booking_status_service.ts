import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Booking from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import { checkTransition, type BookingStatus, type StatusActor } from '#marketplace/booking_status'
import type { BookingStatusChanged } from '#marketplace/events'
import { Clock } from '#core/clock'
import { rowCount } from '#core/transactions'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { sqlTimestamp } from '#core/timestamps'
import CarrierRecordsService from '#marketplace/services/carrier_records_service'

export type StatusChangeActor = { userId: number | null; role: StatusActor }

/**
 * Changes a booking's status through the status machine, records who and when, stamps the
 * delivery confirmation and cancellation times, and emits events after the commit. The update
 * is conditional on the status read, so two concurrent changes cannot both apply.
 */
@inject()
export default class BookingStatusService {
  constructor(private clock: Clock) {}

  async change(
    bookingId: number,
    to: BookingStatus,
    actor: StatusChangeActor,
    options: { note?: string; trx?: TransactionClientContract } = {}
  ): Promise<Booking> {
    const run = async (trx: TransactionClientContract) => {
      const booking = await Booking.query({ client: trx }).where('id', bookingId).first()
      if (!booking) throw new NotFoundException('Booking not found')
      const from = booking.status
      const check = checkTransition(from, to, actor.role)
      if (!check.ok) throw new ConflictException(check.message)

      const now = this.clock.now()
      // Format as the models do (a JS Date would be stored as epoch ms on SQLite).
      const stamp = sqlTimestamp(now, trx)
      const changes: Record<string, unknown> = { status: to, updated_at: stamp }
      if (to === 'delivered') changes.delivered_at = stamp
      if (to === 'cancelled') changes.cancelled_at = stamp
      const updated = await trx
        .from('bookings')
        .where('id', bookingId)
        .where('status', from)
        .update(changes)
      if (rowCount(updated) !== 1) {
        throw new ConflictException('The booking changed meanwhile; reload and try again')
      }
      if (from === 'delivered' || to === 'delivered') {
        await CarrierRecordsService.refresh([booking.carrierId], trx)
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

    const event = options.trx ? await run(options.trx) : await db.transaction(run)
    const emit = async () => {
      await emitter.emit('booking:status_changed', event)
      if (event.to === 'delivered') await emitter.emit('booking:delivered', event)
      if (event.to === 'cancelled') await emitter.emit('booking:cancelled', event)
    }
    if (options.trx) options.trx.after('commit', emit)
    else await emit()
    return Booking.findOrFail(bookingId, options.trx ? { client: options.trx } : undefined)
  }

  /** The status history of a booking, oldest first. */
  async history(bookingId: number) {
    return BookingStatusChange.query()
      .where('bookingId', bookingId)
      .orderBy('changedAt', 'asc')
      .orderBy('id', 'asc')
  }
}
