import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import BookingStatusService from '#marketplace/services/booking_status_service'
import AccountStatsService from '#accounts/services/account_stats_service'
import CarrierIdentityService from '#marketplace/services/carrier_identity_service'
import { NotFoundException } from '#core/exceptions/http_errors'
import { BOOKING_NOT_FOUND } from '#marketplace/services/booking_service'

export type HistoryEntry = {
  fromStatus: string | null
  toStatus: string
  changedAt: string
  changedBy: { id: number; name: string; role: string } | null
  note: string | null
}

type Viewer = { id: number; role: string }

/** A booking's status timeline, for its carrier, its shipper and admins. */
@inject()
export default class BookingHistoryService {
  constructor(
    private statuses: BookingStatusService,
    private accounts: AccountStatsService,
    private identities: CarrierIdentityService
  ) {}

  /** BookingPolicy has already checked the viewer is a party to the booking or an admin. */
  async forViewer(viewer: Viewer, bookingId: number): Promise<HistoryEntry[]> {
    const booking = await db.from('bookings').where('id', bookingId).select('carrier_id').first()
    if (!booking) throw new NotFoundException(BOOKING_NOT_FOUND)
    // A shipper never learns who the carrier is from the timeline (identity stays anonymous).
    const carrierLabel =
      viewer.role === 'shipper' && booking.carrier_id !== null
        ? ((await this.identities.labels([Number(booking.carrier_id)])).get(
            Number(booking.carrier_id)
          ) ?? null)
        : null
    const changes = await this.statuses.history(bookingId)
    const people = await this.accounts.contactsByIds(
      changes.map((c) => c.changedBy).filter((id): id is number => id !== null)
    )
    return changes.map((c) => {
      const who = c.changedBy === null ? undefined : people.get(c.changedBy)
      return {
        fromStatus: c.fromStatus,
        toStatus: c.toStatus,
        changedAt: c.changedAt.toUTC().toISO()!,
        changedBy: !who
          ? null
          : carrierLabel && who.role === 'carrier'
            ? { id: 0, name: carrierLabel, role: who.role }
            : { id: who.id, name: who.name, role: who.role },
        note: c.note,
      }
    })
  }
}
