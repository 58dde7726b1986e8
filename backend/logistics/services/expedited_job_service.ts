import type { Infer } from '@vinejs/vine/types'
import { inject } from '@adonisjs/core'
import CarrierShownToShipper from '#marketplace/services/carrier_shown_to_shipper'
import db from '@adonisjs/lucid/services/db'
import geocoding from '#plugins/geocoding/services/main'
import { Clock } from '#core/clock'
import { toCents, fromCents } from '#core/money'
import { ConflictException } from '#core/exceptions/http_errors'
import { validationError, type FieldError } from '#core/validation'
import { sqlTimestamp } from '#core/timestamps'
import { rowCount, writeTransaction } from '#core/transactions'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ExpeditedPaymentService from '#payments/services/expedited_payment_service'
import type { PaymentIntentResponse } from '#payments/services/payment_intents'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import DriverMembersService from '#accounts/services/driver_members'
import { notifyUsers } from '#core/live_notices'
import ExpeditedCarriersService, {
  fits,
  type ExpeditedNeed,
} from '#fleet/services/expedited_carriers_service'
import { placeLoad } from '#freight_board/services/load_form'
import RateRecommendationService from '#freight_board/services/rate_recommendation_service'
import ExpeditedJob from '#logistics/models/expedited_job'
import {
  VEHICLES,
  deliveryRefusal,
  isLive,
  noProofRefusal,
  refusal,
  sourcesOf,
  type ExpeditedStatus,
} from '#logistics/expedited_status'
import { liveEta, minimumSlaHours } from '#logistics/expedited_sla'
import {
  NO_STEPS,
  presentExpeditedJob,
  slaJobOf,
  type ExpeditedJobView,
  type JobSteps,
} from './expedited_presenter.js'
import ExpeditedStopEvent from '#logistics/models/expedited_stop_event'
import { STEP_LABELS, type StopEventType } from '#tms/stop_event_rules'
import { isoUtc } from '#core/timestamps'
import ExpeditedSlaService, { type ExpiryResult } from './expedited_sla_service.js'
import { pushExpeditedChange, type ExpeditedChangeType } from './expedited_live.js'
import type {
  driverPositionValidator,
  expeditedJobValidator,
} from '#logistics/validators/expedited_job'

export type ExpeditedRequest = Infer<typeof expeditedJobValidator>
export type DriverPosition = Infer<typeof driverPositionValidator>

export const JOB_NOT_FOUND = 'Expedited job not found'
export const ALREADY_ACCEPTED = 'Job may have already been accepted'
export const NOT_AWAITING_PAYMENT = 'This expedited job is not awaiting payment'
export const JOB_CLOSED_TO_DRIVERS = 'Only an accepted or picked-up job can be assigned a driver'
/** How far from the pickup a carrier's base may be for the job to be offered to it. */
export const MATCH_RADIUS_MILES = 250
/** Jobs a list answers at most, newest first. */
const LIST_LIMIT = 100

/** The fleet's side of a job: who can run it (decision 0126). */
export function needOf(
  job: Pick<ExpeditedJob, 'vehicleType' | 'pallets'> & {
    originLatitude: number
    originLongitude: number
  }
): ExpeditedNeed {
  return {
    pickup: { latitude: job.originLatitude, longitude: job.originLongitude },
    truckTypes: VEHICLES[job.vehicleType].truckTypes,
    pallets: job.pallets,
    radiusMiles: MATCH_RADIUS_MILES,
  }
}

/** Who reads a job: its shipper, or a carrier (offered it or on it). */
type Viewer = 'shipper' | 'carrier'

/**
 * Expedited jobs (docs/decisions/0125-0127): a shipper requests one at the server's price and
 * pays it by card; once the provider confirms the charge (docs/decisions/0188) the matching EXP
 * carriers see it offered, exactly one accepts, its driver reports positions
 * that move the live ETA, and picks up and delivers. Every move goes through the status
 * machine as one conditional update, so concurrent moves cannot both win.
 */
@inject()
export default class ExpeditedJobService {
  constructor(
    private clock: Clock,
    private carriers: CarrierProfileService,
    private fleet: ExpeditedCarriersService,
    private rates: RateRecommendationService,
    private sla: ExpeditedSlaService,
    private shown: CarrierShownToShipper,
    private payments: ExpeditedPaymentService,
    private driverMembers: DriverMembersService
  ) {}

  /**
   * Prices and stores a shipper's request, awaiting its payment (offered once paid); answers it
   * with how many carriers it will be offered to.
   */
  async request(shipperId: number, input: ExpeditedRequest) {
    const vehicle = VEHICLES[input.vehicleType]
    const errors: FieldError[] = []
    if (input.pallets > vehicle.maxPallets) {
      errors.push({
        field: 'pallets',
        message: `A ${vehicle.label.toLowerCase()} carries at most ${vehicle.maxPallets} pallets`,
        rule: 'vehicleCapacity',
      })
    }
    if (input.weightLbs > vehicle.maxLbs) {
      errors.push({
        field: 'weightLbs',
        message: `A ${vehicle.label.toLowerCase()} carries at most ${vehicle.maxLbs} lb`,
        rule: 'vehicleCapacity',
      })
    }
    if (errors.length) throw validationError(errors)
    const placed = await placeLoad({
      origin: { postal: input.origin.postal, address: input.origin.address ?? null },
      destination: { postal: input.destination.postal, address: input.destination.address ?? null },
      equipment: input.vehicleType,
      mode: 'EXP',
      pallets: input.pallets,
      weight_lbs: input.weightLbs,
    })
    const least = minimumSlaHours(placed.distanceMiles)
    if (input.slaHours < least) {
      throw validationError([
        {
          field: 'slaHours',
          message: `The drive alone takes about ${least} hours: allow at least ${least} SLA hours`,
          rule: 'slaFeasible',
        },
      ])
    }
    const quote = await this.rates.recommend(placed)
    const now = this.clock.now()
    const job = await ExpeditedJob.create({
      shipperId,
      vehicleType: input.vehicleType,
      slaHours: input.slaHours,
      originPostal: placed.origin.postal,
      originCity: placed.origin.city,
      originState: placed.origin.state,
      originLatitude: placed.origin.lat,
      originLongitude: placed.origin.lng,
      destPostal: placed.destination.postal,
      destCity: placed.destination.city,
      destState: placed.destination.state,
      destLatitude: placed.destination.lat,
      destLongitude: placed.destination.lng,
      pallets: input.pallets,
      weightLbs: input.weightLbs,
      distanceMiles: placed.distanceMiles,
      price: fromCents(toCents(quote.mid)),
      notes: input.notes || null,
      status: 'PAYMENT_PENDING',
      paymentStatus: 'pending',
      deadlineAt: now.plus({ hours: input.slaHours }),
      atRisk: false,
      slaMissed: false,
      createdAt: now,
      updatedAt: now,
    })
    const offeredTo = (await this.fleet.matching(needOf(job))).length
    return { job: await this.changed(job.id, 'payment', 'shipper'), offeredTo }
  }

  /**
   * The card payment of a job awaiting it, for the job's own price: the same intent on every
   * call, and again after a declined card (ExpeditedJobPolicy has checked it is the shipper's).
   */
  async paymentIntent(jobId: number): Promise<PaymentIntentResponse> {
    const job = await ExpeditedJob.findOrFail(jobId)
    if (job.status !== 'PAYMENT_PENDING') throw new ConflictException(NOT_AWAITING_PAYMENT)
    return this.payments.createIntent({
      jobId: job.id,
      shipperId: job.shipperId,
      amountCents: toCents(job.price),
    })
  }

  /** The shipper's jobs, newest first. */
  async forShipper(shipperId: number): Promise<ExpeditedJobView[]> {
    const jobs = await ExpeditedJob.query()
      .where('shipperId', shipperId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
    return this.present(jobs, 'shipper')
  }

  /**
   * The carrier's accepted jobs, live ones first; a driver member's (`driverUserId`) only those
   * assigned to them (docs/decisions/0237).
   */
  async forCarrier(carrierId: number, driverUserId: number | null = null) {
    const query = ExpeditedJob.query()
      .where('carrierId', carrierId)
      .orderByRaw("CASE WHEN status IN ('ACCEPTED', 'PICKED_UP') THEN 0 ELSE 1 END")
      .orderBy('deadlineAt', 'asc')
      .limit(LIST_LIMIT)
    if (driverUserId) query.where('driverUserId', driverUserId)
    return this.present(await query, 'carrier')
  }

  /**
   * PUT /api/expedited-jobs/:id/driver: the job assigned to a driver member of the carrier on
   * it, or unassigned (null); the member who assigned it is recorded (docs/decisions/0237). A
   * job that is over takes no driver (409); a member who is no driver of the company is a 422
   * naming `memberId`.
   */
  async assignDriver(
    jobId: number,
    carrierAccountUserId: number,
    memberId: number | null,
    actorUserId: number
  ): Promise<ExpeditedJobView> {
    const driverUserId =
      memberId === null
        ? null
        : await this.driverMembers.driverToAssign(carrierAccountUserId, memberId)
    const client = db.connection()
    const stamp = sqlTimestamp(this.clock.now(), client)
    const query = client.from('expedited_jobs').where('id', jobId)
    if (driverUserId !== null) query.whereIn('status', ['ACCEPTED', 'PICKED_UP'])
    const updated = await query.update({
      driver_user_id: driverUserId,
      driver_assigned_by: driverUserId === null ? null : actorUserId,
      driver_assigned_at: driverUserId === null ? null : stamp,
      updated_at: stamp,
    })
    if (rowCount(updated) !== 1) throw new ConflictException(JOB_CLOSED_TO_DRIVERS)
    // Every member of the carrier follows its account user's channel (decision 0223).
    notifyUsers([carrierAccountUserId], {
      kind: 'expedited',
      id: jobId,
      change: driverUserId === null ? 'driver_unassigned' : 'driver_assigned',
    })
    return this.view(jobId, 'carrier')
  }

  /** Requested jobs the carrier fits (truck, size, radius), soonest deadline first. */
  async offersFor(carrierId: number): Promise<ExpeditedJobView[]> {
    const carrier = await this.fleet.profile(carrierId)
    if (!carrier) return []
    const stamp = sqlTimestamp(this.clock.now(), db.connection())
    const jobs = await ExpeditedJob.query()
      .where('status', 'REQUESTED')
      .where('deadlineAt', '>', stamp)
      .orderBy('deadlineAt', 'asc')
      .limit(500)
    return this.present(
      jobs.filter((job) => fits(carrier, needOf(job))).slice(0, LIST_LIMIT),
      'carrier'
    )
  }

  /** Is this job offered to the carrier? (AcceptPolicy) Never one awaiting its payment. */
  async isOfferedTo(jobId: number, carrierId: number): Promise<boolean> {
    const job = await ExpeditedJob.find(jobId)
    return (
      job !== null &&
      job.status !== 'PAYMENT_PENDING' &&
      (await this.fleet.matches(needOf(job), carrierId))
    )
  }

  /** Exactly one carrier wins: a conditional update of a requested job still in its SLA. */
  async accept(jobId: number, carrierId: number) {
    const now = this.clock.now()
    const client = db.connection()
    const stamp = sqlTimestamp(now, client)
    const updated = await client
      .from('expedited_jobs')
      .where('id', jobId)
      .whereIn('status', sourcesOf('ACCEPTED', 'carrier'))
      .where('deadline_at', '>', stamp)
      .update({ status: 'ACCEPTED', carrier_id: carrierId, accepted_at: stamp, updated_at: stamp })
    if (rowCount(updated) !== 1) throw new ConflictException(ALREADY_ACCEPTED)
    return this.changed(jobId, 'accepted', 'carrier')
  }

  /**
   * The shipper (or an admin) cancels before pickup; a charge the job holds goes back to the
   * card in full, once (docs/decisions/0188). A refund the provider could not make now is
   * tried again by `expedited:sla`.
   */
  async cancel(jobId: number) {
    await this.move(jobId, 'CANCELLED', 'shipper', 'cancelled', (stamp) => ({
      cancelled_at: stamp,
      at_risk: false,
    }))
    await this.payments.refund(jobId)
    return this.view(jobId, 'shipper')
  }

  /**
   * A job nobody paid for, or nobody accepted, by its deadline expires (the scheduled check,
   * docs/decisions/0188): one conditional update, so only one run expires it, and the charge
   * it holds is refunded. True when this call expired it.
   */
  async expire(jobId: number): Promise<boolean> {
    const client = db.connection()
    const stamp = sqlTimestamp(this.clock.now(), client)
    const updated = await client
      .from('expedited_jobs')
      .where('id', jobId)
      .whereIn('status', sourcesOf('EXPIRED', 'schedule'))
      .where('deadline_at', '<=', stamp)
      .update({ status: 'EXPIRED', expired_at: stamp, at_risk: false, updated_at: stamp })
    if (rowCount(updated) !== 1) return false
    await this.changed(jobId, 'expired', 'shipper')
    await this.payments.refund(jobId)
    return true
  }

  /**
   * The scheduled check's first part (`expedited:sla`, before the SLA flags): every job unpaid
   * or unaccepted at its deadline expires and is refunded, and refunds the provider failed
   * before are tried again.
   */
  async expireOverdue(): Promise<ExpiryResult> {
    const stamp = sqlTimestamp(this.clock.now(), db.connection())
    const due = await ExpeditedJob.query()
      .whereIn('status', sourcesOf('EXPIRED', 'schedule'))
      .where('deadlineAt', '<=', stamp)
      .orderBy('deadlineAt', 'asc')
      .orderBy('id', 'asc')
      .select('id')
      .limit(LIST_LIMIT)
    const expired: number[] = []
    for (const job of due) if (await this.expire(job.id)) expired.push(job.id)
    return { expired, refunded: await this.retryRefunds() }
  }

  /** Cancelled or expired jobs still holding a charge (a refund the provider failed). */
  async retryRefunds(): Promise<number[]> {
    const jobs = await ExpeditedJob.query()
      .whereIn('status', ['CANCELLED', 'EXPIRED'])
      .where('paymentStatus', 'paid')
      .select('id')
      .limit(LIST_LIMIT)
    const refunded: number[] = []
    for (const job of jobs) if (await this.payments.refund(job.id)) refunded.push(job.id)
    return refunded
  }

  /** The carrier's driver has the freight. */
  pickUp(jobId: number) {
    return this.move(jobId, 'PICKED_UP', 'carrier', 'picked_up', (stamp) => ({
      picked_up_at: stamp,
    }))
  }

  /**
   * The carrier's driver delivered: the SLA is kept or recorded as missed. Not sooner after the
   * pickup than the job's distance can be driven (docs/decisions/0166); a job's pickup time
   * does not change once it is picked up, so the check holds for the update below.
   */
  /**
   * `POST /api/expedited-jobs/{id}/deliver` (docs/decisions/0264): a job is delivered only with
   * its signed proof of delivery, the driver's "Delivered" step, which delivers it in its own
   * transaction (`deliverWithin`). So this answers the status's 409, or the missing POD's,
   * naming the stops screen; it delivers only a job whose signed step is on file.
   */
  async deliver(jobId: number) {
    const job = await ExpeditedJob.findOrFail(jobId)
    if (!sourcesOf('DELIVERED', 'carrier').includes(job.status)) {
      throw new ConflictException(refusal(job.status, 'DELIVERED'))
    }
    const signed = await ExpeditedStopEvent.query()
      .where({ expeditedJobId: jobId, type: 'delivered' })
      .whereNotNull('podPath')
      .first()
    if (!signed) throw new ConflictException(noProofRefusal(jobId))
    this.checkDeliveryTime(job)
    // The delivery and the release of the job's charge (the one payout split) commit together.
    await writeTransaction((trx) => this.deliverWithin(trx, job))
    return this.afterDelivery(jobId)
  }

  /** 409 when a picked-up job is delivered sooner than its distance can be driven (0166). */
  checkDeliveryTime(job: ExpeditedJob) {
    if (job.status !== 'PICKED_UP') return
    const tooSoon = deliveryRefusal(
      { pickedUpAtMs: job.pickedUpAt?.toMillis() ?? null, distanceMiles: job.distanceMiles },
      this.clock.nowMillis()
    )
    if (tooSoon) throw new ConflictException(tooSoon)
  }

  /**
   * The delivery inside the caller's transaction (the button's, or the driver's signed step,
   * decision 0263): one conditional update from the statuses the machine allows, and the
   * release of the job's charge (the payout split, decision 0188). 409 when the job moved.
   */
  async deliverWithin(trx: TransactionClientContract, job: ExpeditedJob) {
    const stamp = sqlTimestamp(this.clock.now(), trx)
    const updated = await trx
      .from('expedited_jobs')
      .where('id', job.id)
      .whereIn('status', sourcesOf('DELIVERED', 'carrier'))
      .update({ status: 'DELIVERED', updated_at: stamp, delivered_at: stamp, at_risk: false })
    if (rowCount(updated) !== 1) throw new ConflictException(refusal(job.status, 'DELIVERED'))
    if (job.carrierId !== null) await this.payments.release(trx, job.id, job.carrierId)
  }

  /** After a committed delivery: the screens told, the SLA kept or recorded as missed. */
  async afterDelivery(jobId: number) {
    await this.changed(jobId, 'delivered', 'carrier')
    await this.sla.evaluate(jobId)
    return this.view(jobId, 'carrier')
  }

  /**
   * The pickup inside the caller's transaction (the driver's loaded or departed step, decision
   * 0263): an accepted job is picked up now; true when this call moved it.
   */
  async pickUpWithin(trx: TransactionClientContract, jobId: number): Promise<boolean> {
    const stamp = sqlTimestamp(this.clock.now(), trx)
    const updated = await trx
      .from('expedited_jobs')
      .where('id', jobId)
      .whereIn('status', sourcesOf('PICKED_UP', 'carrier'))
      .update({ status: 'PICKED_UP', updated_at: stamp, picked_up_at: stamp })
    return rowCount(updated) === 1
  }

  /** Tells the job's screens (shipper, carrier) it changed: they fetch it again. */
  async announce(jobId: number, type: ExpeditedChangeType) {
    await this.changed(jobId, type, 'carrier')
  }

  /** The driver's position: stored with its time, the live ETA recomputed, the SLA checked. */
  async reportPosition(jobId: number, input: DriverPosition) {
    const position = await this.positionOf(input)
    const job = await ExpeditedJob.findOrFail(jobId)
    if (!isLive(job.status)) {
      throw new ConflictException('Positions count only while the job is accepted or picked up')
    }
    const now = this.clock.now()
    const eta = liveEta(slaJobOf(job), position, now)
    const client = db.connection()
    const stamp = sqlTimestamp(now, client)
    const updated = await client
      .from('expedited_jobs')
      .where('id', jobId)
      .where('status', job.status)
      .update({
        driver_geo: JSON.stringify({ lat: position.latitude, lng: position.longitude }),
        position_at: stamp,
        eta: sqlTimestamp(eta, client),
        updated_at: stamp,
      })
    if (rowCount(updated) !== 1) {
      throw new ConflictException('The job changed meanwhile: reload and try again')
    }
    await this.sla.evaluate(jobId)
    return this.changed(jobId, 'position', 'carrier')
  }

  async view(jobId: number, viewer: Viewer): Promise<ExpeditedJobView> {
    const job = await ExpeditedJob.findOrFail(jobId)
    return (await this.present([job], viewer))[0]
  }

  private async positionOf(input: DriverPosition) {
    if (input.lat !== undefined && input.lng !== undefined) {
      return { latitude: input.lat, longitude: input.lng }
    }
    const zip = (input.postal ?? '').trim()
    const found = /^\d{5}(-\d{4})?$/.test(zip) ? await geocoding.geocode(zip.slice(0, 5)) : null
    if (!found?.ok) {
      throw validationError([{ field: 'postal', message: 'ZIP not found', rule: 'zipFound' }])
    }
    return { latitude: found.place.latitude, longitude: found.place.longitude }
  }

  /** One status move as a conditional update from the statuses the machine allows. */
  private async move(
    jobId: number,
    to: ExpeditedStatus,
    actor: 'shipper' | 'carrier',
    change: ExpeditedChangeType,
    extra: (stamp: string) => Record<string, unknown>
  ) {
    const client = db.connection()
    const stamp = sqlTimestamp(this.clock.now(), client)
    const updated = await client
      .from('expedited_jobs')
      .where('id', jobId)
      .whereIn('status', sourcesOf(to, actor))
      .update({ status: to, updated_at: stamp, ...extra(stamp) })
    if (rowCount(updated) !== 1) {
      const job = await ExpeditedJob.findOrFail(jobId)
      throw new ConflictException(refusal(job.status, to))
    }
    return this.changed(jobId, change, actor)
  }

  /** The job as it is now, told to the screens that show it. */
  private async changed(
    jobId: number,
    type: ExpeditedChangeType,
    viewer: Viewer
  ): Promise<ExpeditedJobView> {
    const job = await ExpeditedJob.findOrFail(jobId)
    pushExpeditedChange(job, type)
    return (await this.present([job], viewer))[0]
  }

  /**
   * Jobs as their shipper sees them (the booking rule, docs/decisions/0157 and 0188: the
   * carrier's company once the shipper's payment is held, its anonymous label before and after
   * a refund) or as carriers do (the company's own name).
   */
  private async present(jobs: ExpeditedJob[], viewer: Viewer): Promise<ExpeditedJobView[]> {
    const steps = await this.stepsOf(jobs.map((j) => j.id))
    const stepsOf = (job: ExpeditedJob) => steps.get(job.id) ?? NO_STEPS
    if (viewer === 'shipper') {
      const names = await this.shown.forPaidWork(
        jobs.map((j) => ({ id: j.id, carrierId: j.carrierId, paid: j.paymentStatus === 'paid' }))
      )
      return jobs.map((job) =>
        presentExpeditedJob(job, names.get(job.id) ?? null, viewer, null, stepsOf(job))
      )
    }
    const carrierIds = jobs.map((j) => j.carrierId).filter((id): id is number => id !== null)
    const [names, drivers] = await Promise.all([
      this.carriers.companyNamesByIds(carrierIds),
      this.driverMembers.byUserId(jobs.map((j) => j.driverUserId)),
    ])
    return jobs.map((job) =>
      presentExpeditedJob(
        job,
        job.carrierId === null ? null : (names.get(job.carrierId) ?? null),
        viewer,
        (job.driverUserId && drivers.get(job.driverUserId)) || null,
        stepsOf(job)
      )
    )
  }

  /** Each job's latest driver step and whether its signed POD is there (decision 0263). */
  private async stepsOf(jobIds: number[]): Promise<Map<number, JobSteps>> {
    const found = new Map<number, JobSteps>()
    if (jobIds.length === 0) return found
    const rows = await ExpeditedStopEvent.query()
      .whereIn('expeditedJobId', jobIds)
      .orderBy('id', 'asc')
      .select('expeditedJobId', 'type', 'recordedAt', 'podPath')
    for (const row of rows) {
      const type = row.type as StopEventType
      const before = found.get(row.expeditedJobId) ?? NO_STEPS
      found.set(row.expeditedJobId, {
        lastStep: { type, label: STEP_LABELS[type] ?? type, recordedAt: isoUtc(row.recordedAt)! },
        podAvailable: before.podAvailable || row.podPath !== null,
      })
    }
    return found
  }
}
