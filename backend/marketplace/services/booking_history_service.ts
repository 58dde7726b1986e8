import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import BookingStatusService from '#marketplace/services/booking_status_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import AccountStatsService from '#accounts/services/account_stats_service'
import CarrierIdentityService from '#marketplace/services/carrier_identity_service'
import { NotFoundException } from '#core/exceptions/http_errors'

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
    private carriers: CarrierProfileService,
    private accounts: AccountStatsService,
    private identities: CarrierIdentityService
  ) {}

  async forViewer(viewer: Viewer, bookingId: number): Promise<HistoryEntry[]> {
    const booking = await this.assertCanSee(viewer, bookingId)
    // A shipper never learns who the carrier is from the timeline (identity stays anonymous).
    const carrierLabel =
      viewer.role === 'shipper' && booking.carrier_id !== null
        ? this.identities.label(Number(booking.carrier_id))
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

  /** Anyone else gets a 404: a booking they are not party to does not exist for them. */
  private async assertCanSee(viewer: Viewer, bookingId: number) {
    const booking = await db
      .from('bookings')
      .where('id', bookingId)
      .select('shipper_id', 'carrier_id')
      .first()
    if (!booking) throw new NotFoundException('Booking not found')
    if (viewer.role === 'admin') return booking
    if (viewer.role === 'shipper' && Number(booking.shipper_id) === viewer.id) return booking
    if (viewer.role === 'carrier' && booking.carrier_id !== null) {
      const carrierId = await this.carriers.findCarrierId(viewer.id)
      if (carrierId !== null && carrierId === Number(booking.carrier_id)) return booking
    }
    throw new NotFoundException('Booking not found')
  }
}
