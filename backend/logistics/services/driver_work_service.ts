import { inject } from '@adonisjs/core'
import { Clock } from '#core/clock'
import { BUSINESS_TIME_ZONE, businessToday } from '#core/business_time'
import { expeditedReference } from '#core/reference'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import CarrierBookingsService, {
  type AssignedBooking,
} from '#marketplace/services/carrier_bookings_service'
import ExpeditedJob from '#logistics/models/expedited_job'
import DrayageMoveService from '#logistics/services/drayage_move_service'
import type { DrayageMoveView } from '#logistics/services/drayage_view'

/** One stop of a piece of work, as the driver's phone shows it. */
export type WorkStop = {
  address: string | null
  city: string | null
  state: string | null
  zip: string | null
  /** the stop's business day, `YYYY-MM-DD`; null when none is set */
  date: string | null
  windowStart: string | null
  windowEnd: string | null
}

/** A booking or an expedited job assigned to the driver (docs/decisions/0237). */
export type DriverWorkItem = {
  kind: 'booking' | 'expedited' | 'drayage'
  id: number
  reference: string
  status: string
  /** the next stop: the pickup until the freight is on board, then the delivery */
  nextStop: 'pickup' | 'delivery'
  /** the next stop's day against today (business time): overdue, today or upcoming */
  due: 'overdue' | 'today' | 'upcoming'
  pallets: number
  pickup: WorkStop
  delivery: WorkStop
  /**
   * what the driver may report now: a booking's road statuses (in transit, delayed, delivered:
   * `PUT /api/bookings/{id}/status`), an
   * expedited job's `pickup` (`POST /api/expedited-jobs/{id}/pickup`) or `deliver` (the signed
   * "Delivered" step on the stops screen, `POST /api/expedited-jobs/{id}/stop-events`, decision
   * 0264), a
   * drayage move's `gate-out` or `empty-return` (`POST /api/drayage/moves/{id}/...`, decision 0246)
   */
  actions: string[]
  /** why the next move is refused now, when it is (a booking's pickup or delivery rules) */
  blockedReason: string | null
}

const DUE_ORDER = { overdue: 0, today: 1, upcoming: 2 } as const

/** What a driver reports of a booking on the road; confirming or booking back is the desk's. */
const DRIVER_STEPS = new Set(['in_transit', 'delayed', 'delivered'])

const dueOf = (day: string | null, today: string) =>
  day === null || day === today ? 'today' : day < today ? 'overdue' : 'upcoming'

/**
 * The driver's phone view (docs/decisions/0237): the open bookings and live expedited jobs
 * assigned to the signed-in driver, today's and overdue stops first, then upcoming ones, each
 * with its stops, windows and what may be reported. "Today" is the business day.
 */
@inject()
export default class DriverWorkService {
  constructor(
    private clock: Clock,
    private carriers: CarrierProfileService,
    private bookings: CarrierBookingsService,
    private drayage: DrayageMoveService
  ) {}

  async work(accountUserId: number, driverUserId: number) {
    const today = businessToday(this.clock)
    const carrierId = await this.carriers.findCarrierId(accountUserId)
    if (carrierId === null) return { today, items: [] as DriverWorkItem[] }
    const [bookings, jobs, moves] = await Promise.all([
      this.bookings.assignedWork(carrierId, driverUserId),
      ExpeditedJob.query()
        .where('carrierId', carrierId)
        .where('driverUserId', driverUserId)
        .whereIn('status', ['ACCEPTED', 'PICKED_UP'])
        .orderBy('deadlineAt', 'asc')
        .limit(100),
      this.drayage.forCarrier(accountUserId, driverUserId),
    ])
    const items = [
      ...bookings.map((booking) => this.booking(booking, today)),
      ...jobs.map((job) => this.job(job, today)),
      ...moves
        .filter((move) => move.status === 'ACCEPTED' || move.status === 'OUT_GATED')
        .map((move) => this.move(move, today)),
    ]
    const dayOf = (item: DriverWorkItem) =>
      (item.nextStop === 'pickup' ? item.pickup.date : item.delivery.date) ?? today
    items.sort(
      (a, b) =>
        DUE_ORDER[a.due] - DUE_ORDER[b.due] ||
        dayOf(a).localeCompare(dayOf(b)) ||
        a.reference.localeCompare(b.reference)
    )
    return { today, items }
  }

  private booking(b: AssignedBooking, today: string): DriverWorkItem {
    const onBoard = b.status === 'in_transit' || b.status === 'delayed'
    const nextStop = onBoard ? 'delivery' : 'pickup'
    const deliveryDay = b.deliveryDate ?? b.expectedDeliveryDate
    return {
      kind: 'booking',
      id: b.id,
      reference: b.reference,
      status: b.status,
      nextStop,
      due: dueOf(onBoard ? deliveryDay : b.pickupDate, today),
      pallets: b.numberOfPallets,
      pickup: {
        address: b.pickupAddress,
        city: b.pickupCity,
        state: b.pickupState,
        zip: b.pickupZip,
        date: b.pickupDate,
        windowStart: b.pickupWindowStart,
        windowEnd: b.pickupWindowEnd,
      },
      delivery: {
        address: b.deliveryAddress,
        city: b.deliveryCity,
        state: b.deliveryState,
        zip: b.deliveryZip,
        date: deliveryDay,
        windowStart: null,
        windowEnd: null,
      },
      actions: b.allowedStatuses.filter((status) => DRIVER_STEPS.has(status)),
      blockedReason: onBoard ? b.deliveryBlockedReason : b.inTransitBlockedReason,
    }
  }

  /**
   * A drayage move (decision 0246): the container from its terminal to the delivery address,
   * then the empty back. Due by the last free day while at the terminal; once out, by the per
   * diem's last free day.
   */
  private move(move: DrayageMoveView, today: string): DriverWorkItem {
    const out = move.status === 'OUT_GATED'
    const day = out ? move.perDiemLastFreeDay : move.lastFreeDay
    const terminal: WorkStop = {
      address: move.terminal.name ?? move.terminal.code,
      city: null,
      state: null,
      zip: null,
      date: out ? null : move.lastFreeDay,
      windowStart: null,
      windowEnd: null,
    }
    return {
      kind: 'drayage',
      id: move.id,
      reference: move.reference,
      status: move.status,
      nextStop: out ? 'delivery' : 'pickup',
      due: dueOf(day ?? null, today),
      pallets: 0,
      pickup: terminal,
      delivery: {
        address: move.deliveryAddress,
        city: null,
        state: null,
        zip: null,
        date: out ? (move.perDiemLastFreeDay ?? null) : null,
        windowStart: null,
        windowEnd: null,
      },
      actions: out ? ['empty-return'] : move.gateOutBlockedReason ? [] : ['gate-out'],
      blockedReason: out ? null : move.gateOutBlockedReason,
    }
  }

  private job(job: ExpeditedJob, today: string): DriverWorkItem {
    const onBoard = job.status === 'PICKED_UP'
    const deadline = job.deadlineAt.toUTC().toISO()!
    const deadlineDay = job.deadlineAt.setZone(BUSINESS_TIME_ZONE).toISODate()
    return {
      kind: 'expedited',
      id: job.id,
      reference: expeditedReference(job.id),
      status: job.status,
      nextStop: onBoard ? 'delivery' : 'pickup',
      // An expedited job is picked up at once and delivered by its deadline.
      due:
        job.deadlineAt.toMillis() < this.clock.nowMillis()
          ? 'overdue'
          : onBoard
            ? dueOf(deadlineDay, today)
            : 'today',
      pallets: job.pallets,
      pickup: {
        address: null,
        city: job.originCity,
        state: job.originState,
        zip: job.originPostal,
        date: onBoard ? null : today,
        windowStart: null,
        windowEnd: null,
      },
      delivery: {
        address: null,
        city: job.destCity,
        state: job.destState,
        zip: job.destPostal,
        date: deadlineDay,
        windowStart: null,
        windowEnd: deadline,
      },
      actions: onBoard ? ['deliver'] : ['pickup'],
      blockedReason: null,
    }
  }
}
