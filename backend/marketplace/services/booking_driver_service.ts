import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { Clock } from '#core/clock'
import { ConflictException } from '#core/exceptions/http_errors'
import { notifyUsers } from '#core/live_notices'
import { sqlTimestamp } from '#core/timestamps'
import { rowCount } from '#core/transactions'
import DriverMembersService, { type DriverMember } from '#accounts/services/driver_members'

/** What an assignment answers: the driver now on the work, and when and by whom it was set. */
export type DriverAssignment = {
  driver: DriverMember | null
  assignedAt: string | null
}

/** A booking (or job) that is over takes no driver. */
export const ASSIGNMENT_CLOSED = 'A cancelled or completed booking cannot be assigned a driver'

/**
 * A carrier's booking assigned to one of its drivers (docs/decisions/0237): the driver's login,
 * the member who assigned it (as `actor_user_id` records the acting member elsewhere, decision
 * 0223) and when. BookingPolicy has checked the booking is the carrier company's; the driver
 * must be a driver member of that company, else a 422 naming `memberId`.
 */
@inject()
export default class BookingDriverService {
  constructor(
    private clock: Clock,
    private drivers: DriverMembersService
  ) {}

  async assign(
    bookingId: number,
    carrierAccountUserId: number,
    memberId: number | null,
    actorUserId: number
  ): Promise<DriverAssignment> {
    const driverUserId =
      memberId === null ? null : await this.drivers.driverToAssign(carrierAccountUserId, memberId)
    const client = db.connection()
    const stamp = sqlTimestamp(this.clock.now(), client)
    const query = client.from('bookings').where('id', bookingId)
    // Unassigning is always possible; a booking that is over takes no new driver.
    if (driverUserId !== null) query.whereNot('status', 'cancelled').whereNull('completed_at')
    const updated = await query.update({
      driver_user_id: driverUserId,
      driver_assigned_by: driverUserId === null ? null : actorUserId,
      driver_assigned_at: driverUserId === null ? null : stamp,
      updated_at: stamp,
    })
    if (rowCount(updated) !== 1) throw new ConflictException(ASSIGNMENT_CLOSED)
    // Every member follows the company's channel: the driver's screen and the dispatcher's.
    notifyUsers([carrierAccountUserId], {
      kind: 'booking',
      id: bookingId,
      change: driverUserId === null ? 'driver_unassigned' : 'driver_assigned',
    })
    const driver =
      driverUserId === null
        ? null
        : ((await this.drivers.byUserId([driverUserId])).get(driverUserId) ?? null)
    return { driver, assignedAt: driverUserId === null ? null : this.clock.now().toUTC().toISO() }
  }
}
