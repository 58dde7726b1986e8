import { inject } from '@adonisjs/core'
import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import { Clock } from '#core/clock'
import { expeditedReference } from '#core/reference'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { rowCount, writeTransaction } from '#core/transactions'
import { isUniqueViolation } from '#core/validation'
import ExpeditedJob from '#logistics/models/expedited_job'
import ExpeditedStopEvent from '#logistics/models/expedited_stop_event'
import ExpeditedStopEventPhoto from '#logistics/models/expedited_stop_event_photo'
import { isLive, type ExpeditedStatus } from '#logistics/expedited_status'
import ExpeditedJobService, { JOB_NOT_FOUND } from '#logistics/services/expedited_job_service'
import { place, renderProofOfDelivery } from '#tms/services/pdf_renderer'
import {
  checkStepFields,
  photoSize,
  photoStamp,
  photosRefused,
  podExceptions,
  podSteps,
  reportedAtOf,
  signatureBytes,
  signatureRefused,
  stepView,
  type StopEventActor,
  type StopEventInput,
  type StopEventView,
} from '#tms/services/stop_steps'
import {
  STEP_LABELS,
  nextStep,
  stepKey,
  stopEventRefusal,
  type StopEventType,
} from '#tms/stop_event_rules'

/** Statuses in which the truck may be at the pickup (the job accepted, or picked up already). */
const AT_PICKUP: ExpeditedStatus[] = ['ACCEPTED', 'PICKED_UP']
/** The status in which the freight is aboard: the delivery's steps need it. */
const ON_THE_ROAD: ExpeditedStatus[] = ['PICKED_UP']

const STATUS_WORDS: Record<ExpeditedStatus, string> = {
  PAYMENT_PENDING: 'awaiting payment',
  REQUESTED: 'not accepted yet',
  ACCEPTED: 'accepted',
  PICKED_UP: 'picked up',
  DELIVERED: 'delivered',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
}

/**
 * A driver's steps at an expedited job's stops from the phone (docs/decisions/0263): the
 * booking's steps (decision 0243: the same order, fields, photos, signature and one record per
 * Idempotency-Key, through `#tms/stop_event_rules` and `#tms/services/stop_steps`) mapped onto
 * the job's status machine: loaded (or departed) picks an accepted job up, the signed delivery
 * delivers it (no sooner than its distance can be driven, decision 0166) and releases its
 * charge to the carrier (decision 0188) in the step's transaction, with the proof of delivery
 * rendered as the booking's is and kept under the job's files for its shipper.
 */
@inject()
export default class ExpeditedStopEventService {
  constructor(
    private clock: Clock,
    private jobs: ExpeditedJobService
  ) {}

  /** The job's steps so far and the next one, for the driver's screen. */
  async forJob(jobId: number) {
    const job = await this.job(jobId)
    const events = await ExpeditedStopEvent.query()
      .where('expeditedJobId', jobId)
      .orderBy('id', 'asc')
    const photos = await this.photoCounts(jobId)
    const types = events.map((e) => e.type)
    return {
      jobId,
      reference: expeditedReference(jobId),
      status: job.status,
      pickup: place(stopOf(job, 'origin')),
      delivery: place(stopOf(job, 'dest')),
      pallets: job.pallets,
      deadlineAt: job.deadlineAt.toUTC().toISO()!,
      podAvailable: events.some((e) => e.podPath !== null),
      next: nextStep(types),
      exceptionAllowed: stopEventRefusal(types, 'exception') === null,
      events: events.map((e) => stepView(e, photos.get(e.id) ?? 0, null)),
    }
  }

  /** A photo for a step still to be recorded (bytes already sniffed as JPEG or PNG). */
  async addPhoto(
    jobId: number,
    userId: number,
    photo: { bytes: Buffer; mimeType: string; extension: string }
  ) {
    await this.job(jobId)
    const size = photoSize(photo)
    const key = `expedited/${jobId}/stop-photo-${photoStamp()}.${photo.extension}`
    await drive.use().put(key, photo.bytes, { contentType: photo.mimeType })
    const row = await ExpeditedStopEventPhoto.create({
      expeditedJobId: jobId,
      stopEventId: null,
      filePath: key,
      mimeType: photo.mimeType,
      sizeBytes: photo.bytes.length,
      width: size.width,
      height: size.height,
      uploadedBy: userId,
      createdAt: this.clock.now(),
    })
    return {
      id: row.id,
      mimeType: row.mimeType,
      sizeBytes: row.sizeBytes,
      width: row.width,
      height: row.height,
    }
  }

  /**
   * Records one step, once per Idempotency-Key (`key`): the same key again answers the step it
   * recorded (`replayed`), whatever the middleware still remembers.
   */
  async record(
    jobId: number,
    actor: StopEventActor,
    key: string,
    input: StopEventInput
  ): Promise<{ replayed: boolean; event: StopEventView }> {
    const earlier = await ExpeditedStopEvent.query()
      .where({ expeditedJobId: jobId, clientKey: key })
      .first()
    if (earlier) return { replayed: true, event: await this.viewOf(earlier) }

    const job = await this.job(jobId)
    checkStepFields(input)
    const signature = input.type === 'delivered' ? signatureBytes(input.signature!) : null
    const reportedAt = reportedAtOf(input.at)
    const recorded = await ExpeditedStopEvent.query()
      .where('expeditedJobId', jobId)
      .orderBy('id', 'asc')
    const refusal = stopEventRefusal(
      recorded.map((e) => e.type),
      input.type
    )
    if (refusal) throw new ConflictException(refusal)
    this.checkStatus(job, input.type)
    if (input.type === 'delivered') this.jobs.checkDeliveryTime(job)
    const photos = await this.photosFor(jobId, input.photoIds ?? [])

    const now = this.clock.now()
    // The POD is rendered and stored before the transaction (it reads files).
    let podPath: string | null = null
    let signaturePath: string | null = null
    if (signature) {
      let pod: Uint8Array
      try {
        pod = await renderProofOfDelivery({
          booking: {
            reference: expeditedReference(jobId),
            pickup: stopOf(job, 'origin'),
            delivery: stopOf(job, 'dest'),
            pallets: job.pallets,
          },
          subjectLabel: 'Expedited job',
          consigneeName: input.consigneeName!,
          signature,
          steps: podSteps(recorded, input, now),
          exceptions: podExceptions(recorded),
          photos: await this.photoBytes(jobId, photos),
        })
      } catch (error) {
        logger.warn({ err: error, jobId }, 'expedited proof of delivery not rendered')
        throw signatureRefused()
      }
      const stamp = now.toMillis().toString(36)
      signaturePath = `expedited/${jobId}/signature-${stamp}.png`
      podPath = `expedited/${jobId}/pod-${stamp}.pdf`
      await drive.use().put(signaturePath, signature, { contentType: 'image/png' })
      await drive.use().put(podPath, Buffer.from(pod), { contentType: 'application/pdf' })
    }

    let event: ExpeditedStopEvent
    let pickedUp = false
    try {
      event = await writeTransaction(async (trx) => {
        const types = (
          await ExpeditedStopEvent.query({ client: trx })
            .where('expeditedJobId', jobId)
            .select('type')
        ).map((e) => e.type)
        const again = stopEventRefusal(types, input.type)
        if (again) throw new ConflictException(again)
        const row = await ExpeditedStopEvent.create(
          {
            expeditedJobId: jobId,
            type: input.type,
            step: stepKey(input.type, types.filter((t) => t === 'exception').length),
            clientKey: key,
            reportedAt,
            recordedAt: now,
            latitude: input.lat ?? null,
            longitude: input.lng ?? null,
            accuracyM: input.accuracyM === undefined ? null : Math.round(input.accuracyM),
            pieces: input.pieces ?? null,
            sealNumber: input.sealNumber ?? null,
            consigneeName: input.consigneeName ?? null,
            signaturePath,
            exceptionKind: input.exception?.kind ?? null,
            exceptionNote: input.exception?.note ?? null,
            recordedBy: actor.userId,
            memberUserId: actor.memberUserId ?? null,
            podPath,
            createdAt: now,
          },
          { client: trx }
        )
        if (photos.length > 0) {
          const attached = await trx
            .from('expedited_stop_event_photos')
            .whereIn(
              'id',
              photos.map((p) => p.id)
            )
            .whereNull('stop_event_id')
            .update({ stop_event_id: row.id })
          if (rowCount(attached) !== photos.length) {
            throw new ConflictException('A photo was attached to another step meanwhile')
          }
        }
        // The freight is aboard once loaded; the departure finds the job picked up already.
        if (input.type === 'loaded' || input.type === 'departed_pickup') {
          pickedUp = await this.jobs.pickUpWithin(trx, jobId)
        }
        if (input.type === 'delivered') await this.jobs.deliverWithin(trx, job)
        return row
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // Another request recorded this step (or this key) first: answer as a retry would.
      const same = await ExpeditedStopEvent.query()
        .where({ expeditedJobId: jobId, clientKey: key })
        .first()
      if (same) return { replayed: true, event: await this.viewOf(same) }
      throw new ConflictException(`"${STEP_LABELS[input.type]}" is already recorded`)
    }

    await this.afterCommit(event, pickedUp)
    return { replayed: false, event: stepView(event, photos.length, null) }
  }

  /** The signed proof of delivery (PDF bytes), or a 404 before the delivery. */
  async proofOfDelivery(jobId: number): Promise<{ bytes: Uint8Array; filename: string }> {
    const delivered = await ExpeditedStopEvent.query()
      .where({ expeditedJobId: jobId, type: 'delivered' })
      .whereNotNull('podPath')
      .first()
    if (!delivered?.podPath) throw new NotFoundException('No proof of delivery yet')
    return {
      bytes: await drive.use().getBytes(delivered.podPath),
      filename: `pod-${expeditedReference(jobId)}.pdf`,
    }
  }

  private async job(jobId: number) {
    const job = await ExpeditedJob.find(jobId)
    if (!job) throw new NotFoundException(JOB_NOT_FOUND)
    return job
  }

  private checkStatus(job: ExpeditedJob, type: StopEventType) {
    const allowed =
      type === 'arrived_pickup' || type === 'loaded' || type === 'departed_pickup'
        ? AT_PICKUP
        : ON_THE_ROAD
    if (!allowed.includes(job.status)) {
      throw new ConflictException(
        `The job is ${STATUS_WORDS[job.status]}: "${STEP_LABELS[type]}" cannot be recorded`
      )
    }
  }

  private async photosFor(jobId: number, ids: number[]) {
    if (ids.length === 0) return []
    const rows = await ExpeditedStopEventPhoto.query()
      .where('expeditedJobId', jobId)
      .whereIn('id', ids)
    const usable = rows.filter((row) => row.stopEventId === null)
    if (usable.length !== ids.length) throw photosRefused('job')
    return usable
  }

  /** Every photo the POD prints: the earlier steps' and this delivery's. */
  private async photoBytes(jobId: number, newPhotos: ExpeditedStopEventPhoto[]) {
    const earlier = await ExpeditedStopEventPhoto.query()
      .where('expeditedJobId', jobId)
      .whereNotNull('stopEventId')
      .orderBy('id', 'asc')
    return Promise.all(
      [...earlier, ...newPhotos].map(async (p) => ({
        bytes: await drive.use().getBytes(p.filePath),
        mimeType: p.mimeType,
      }))
    )
  }

  /**
   * What follows a committed step: the screens told (the shipper's channel and the carrier's,
   * decision 0171), the delivery's SLA evaluated, and a position the phone sent kept as the
   * job's live position. None of it undoes the step: a failure is logged.
   */
  private async afterCommit(event: ExpeditedStopEvent, pickedUp: boolean) {
    const jobId = event.expeditedJobId
    try {
      if (event.type === 'delivered') await this.jobs.afterDelivery(jobId)
      else await this.jobs.announce(jobId, pickedUp ? 'picked_up' : 'stop_event')
    } catch (error) {
      logger.error({ err: error, jobId }, 'expedited stop event notice failed')
    }
    if (event.latitude === null || event.longitude === null || event.type === 'delivered') return
    try {
      const job = await ExpeditedJob.findOrFail(jobId)
      if (isLive(job.status)) {
        await this.jobs.reportPosition(jobId, { lat: event.latitude, lng: event.longitude })
      }
    } catch (error) {
      logger.warn({ err: error, jobId }, 'expedited stop event position not kept')
    }
  }

  private async photoCounts(jobId: number) {
    const rows = await ExpeditedStopEventPhoto.query()
      .where('expeditedJobId', jobId)
      .whereNotNull('stopEventId')
    const counts = new Map<number, number>()
    for (const row of rows) counts.set(row.stopEventId!, (counts.get(row.stopEventId!) ?? 0) + 1)
    return counts
  }

  private async viewOf(event: ExpeditedStopEvent) {
    const counts = await this.photoCounts(event.expeditedJobId)
    return stepView(event, counts.get(event.id) ?? 0, null)
  }
}

/** A job's stop as the POD prints it. */
function stopOf(job: ExpeditedJob, end: 'origin' | 'dest') {
  return end === 'origin'
    ? { address: null, city: job.originCity, state: job.originState, zip: job.originPostal }
    : { address: null, city: job.destCity, state: job.destState, zip: job.destPostal }
}
