import { inject } from '@adonisjs/core'
import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { notifyUsers } from '#core/live_notices'
import { writeTransaction, rowCount } from '#core/transactions'
import { isUniqueViolation } from '#core/validation'
import BookingDocumentsService, {
  type BookingDocumentFacts,
} from '#marketplace/services/booking_documents_service'
import BookingStatusService from '#marketplace/services/booking_status_service'
import TrackedShipmentsService from '#marketplace/services/tracked_shipments_service'
import StopEvent from '#tms/models/stop_event'
import StopEventPhoto from '#tms/models/stop_event_photo'
import { StopTimes } from '#tms/contracts/stop_times'
import DocumentHubService from '#tms/services/document_hub_service'
import ShipmentEventsService, { type IncomingEvent } from '#tms/services/shipment_events_service'
import { place, renderProofOfDelivery } from '#tms/services/pdf_renderer'
import {
  STEP_LABELS,
  nextStep,
  stepKey,
  stopEventRefusal,
  type StopEventType,
} from '#tms/stop_event_rules'
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

export type { StopEventActor, StopEventInput, StopEventView } from '#tms/services/stop_steps'
export { imageSize } from '#tms/services/stop_steps'

export const BOOKING_NOT_FOUND = 'Booking not found'

/** Statuses in which the truck may be at the pickup (paid, not yet on the road or delayed). */
const AT_PICKUP = ['booked', 'confirmed', 'in_transit', 'delayed']
/** Statuses in which the truck is on the road (the status service moved it at departure). */
const ON_THE_ROAD = ['in_transit', 'delayed']

/** The milestone type each step stands for on the shipment's timeline and map. */
const MILESTONE: Record<StopEventType, string> = {
  arrived_pickup: 'OTHER',
  loaded: 'OTHER',
  departed_pickup: 'IN_TRANSIT',
  arrived_delivery: 'OTHER',
  delivered: 'OTHER',
  exception: 'EXCEPTION',
}

/**
 * A driver's steps at a booking's stops from the phone (docs/decisions/0243), mapped onto what
 * exists: the departure moves the booking In Transit and the delivery Delivered through the
 * status service (its rules, the rate confirmation's gate), with the signed POD this renders as
 * the delivery's evidence in the Document Hub; arrivals and departures become the stop times
 * detention counts from (finance, through `StopTimes`); positions and exceptions become the
 * shipment's milestones, which the tracking map draws.
 */
@inject()
export default class StopEventService {
  constructor(
    private clock: Clock,
    private bookings: BookingDocumentsService,
    private statuses: BookingStatusService,
    private shipments: TrackedShipmentsService,
    private milestones: ShipmentEventsService,
    private hub: DocumentHubService,
    private stopTimes: StopTimes
  ) {}

  /** The booking's steps so far and the next one, for the driver's screen. */
  async forBooking(bookingId: number) {
    const facts = await this.facts(bookingId)
    const events = await StopEvent.query().where('bookingId', bookingId).orderBy('id', 'asc')
    const photos = await this.photoCounts(bookingId)
    const types = events.map((e) => e.type)
    return {
      bookingId,
      reference: facts.reference,
      status: facts.status,
      pickup: place(facts.pickup),
      delivery: place(facts.delivery),
      pickupDate: facts.pickupDate,
      pallets: facts.pallets,
      podDocumentId: events.find((e) => e.podDocumentId !== null)?.podDocumentId ?? null,
      next: nextStep(types),
      exceptionAllowed: stopEventRefusal(types, 'exception') === null,
      events: events.map((e) => this.view(e, photos.get(e.id) ?? 0)),
    }
  }

  /** A photo for a step still to be recorded (bytes already sniffed as JPEG or PNG). */
  async addPhoto(
    bookingId: number,
    userId: number,
    photo: { bytes: Buffer; mimeType: string; extension: string }
  ) {
    await this.facts(bookingId)
    const size = photoSize(photo)
    const stamp = photoStamp()
    const key = `bookings/${bookingId}/stop-photo-${stamp}.${photo.extension}`
    await drive.use().put(key, photo.bytes, { contentType: photo.mimeType })
    const row = await StopEventPhoto.create({
      bookingId,
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
    bookingId: number,
    actor: StopEventActor,
    key: string,
    input: StopEventInput
  ): Promise<{ replayed: boolean; event: StopEventView }> {
    const earlier = await StopEvent.query().where({ bookingId, clientKey: key }).first()
    if (earlier) return { replayed: true, event: await this.viewOf(earlier) }

    const facts = await this.facts(bookingId)
    checkStepFields(input)
    const signature = input.type === 'delivered' ? signatureBytes(input.signature!) : null
    const reportedAt = reportedAtOf(input.at)
    const recorded = await StopEvent.query().where('bookingId', bookingId).orderBy('id', 'asc')
    const refusal = stopEventRefusal(
      recorded.map((e) => e.type),
      input.type
    )
    if (refusal) throw new ConflictException(refusal)
    this.checkStatus(facts, input.type)
    const photos = await this.photosFor(bookingId, input.photoIds ?? [])

    const now = this.clock.now()
    const statusActor = {
      userId: actor.userId,
      role: 'carrier' as const,
      memberUserId: actor.memberUserId ?? null,
    }
    // The POD is rendered before the transaction (it reads files); its rows go in with the step.
    let pod: Uint8Array | null = null
    if (input.type === 'delivered') {
      try {
        pod = await this.renderPod(facts, recorded, input, signature!, now, photos)
      } catch (error) {
        // The photos are read leniently; what is left to fail is the signature's PNG.
        logger.warn({ err: error, bookingId }, 'proof of delivery not rendered')
        throw signatureRefused()
      }
    }
    let signaturePath: string | null = null
    if (signature) {
      signaturePath = `bookings/${bookingId}/signature-${now.toMillis().toString(36)}.png`
      await drive.use().put(signaturePath, signature, { contentType: 'image/png' })
    }

    let event: StopEvent
    try {
      event = await writeTransaction(async (trx) => {
        const types = (
          await StopEvent.query({ client: trx }).where('bookingId', bookingId).select('type')
        ).map((e) => e.type)
        const again = stopEventRefusal(types, input.type)
        if (again) throw new ConflictException(again)
        let podDocumentId: number | null = null
        if (pod) {
          const doc = await this.hub.upload(
            facts,
            {
              docType: 'POD',
              stopNumber: 2,
              mimeType: 'application/pdf',
              extension: 'pdf',
              originalName: `pod-${facts.reference}.pdf`,
            },
            pod,
            actor.userId,
            trx
          )
          podDocumentId = doc.id
        }
        const row = await StopEvent.create(
          {
            bookingId,
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
            podDocumentId,
            createdAt: now,
          },
          { client: trx }
        )
        if (photos.length > 0) {
          const attached = await trx
            .from('stop_event_photos')
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
        await this.moveStatus(bookingId, input.type, statusActor, trx)
        return row
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // Another request recorded this step (or this key) first: answer as a retry would.
      const same = await StopEvent.query().where({ bookingId, clientKey: key }).first()
      if (same) return { replayed: true, event: await this.viewOf(same) }
      throw new ConflictException(`"${STEP_LABELS[input.type]}" is already recorded`)
    }

    await this.afterCommit(facts, event, recorded, actor.userId)
    return { replayed: false, event: this.view(event, photos.length) }
  }

  private async facts(bookingId: number): Promise<BookingDocumentFacts> {
    const facts = await this.bookings.facts(bookingId)
    if (!facts) throw new NotFoundException(BOOKING_NOT_FOUND)
    return facts
  }

  private checkStatus(facts: BookingDocumentFacts, type: StopEventType) {
    const allowed = type === 'arrived_pickup' || type === 'loaded' ? AT_PICKUP : ON_THE_ROAD
    // The departure moves the booking on the road itself (or finds it there already).
    const ok =
      type === 'departed_pickup' ? AT_PICKUP.includes(facts.status) : allowed.includes(facts.status)
    if (!ok) {
      throw new ConflictException(
        `The booking is ${facts.status.replace('_', ' ')}: "${STEP_LABELS[type]}" cannot be recorded`
      )
    }
  }

  private async photosFor(bookingId: number, ids: number[]) {
    if (ids.length === 0) return []
    const rows = await StopEventPhoto.query().where('bookingId', bookingId).whereIn('id', ids)
    const usable = rows.filter((row) => row.stopEventId === null)
    if (usable.length !== ids.length) {
      throw photosRefused('booking')
    }
    return usable
  }

  private async moveStatus(
    bookingId: number,
    type: StopEventType,
    actor: { userId: number; role: 'carrier'; memberUserId: number | null },
    trx: TransactionClientContract
  ) {
    const status = (await trx.from('bookings').where('id', bookingId).select('status').first())
      ?.status as string | undefined
    if (type === 'departed_pickup' && !ON_THE_ROAD.includes(status ?? '')) {
      await this.statuses.change(bookingId, 'in_transit', actor, {
        trx,
        note: 'Departed the pickup (driver)',
      })
    }
    if (type === 'delivered' && status !== 'delivered') {
      await this.statuses.change(bookingId, 'delivered', actor, {
        trx,
        note: 'Delivered and signed for (driver)',
      })
    }
  }

  private async renderPod(
    facts: BookingDocumentFacts,
    recorded: StopEvent[],
    input: StopEventInput,
    signature: Buffer,
    now: DateTime,
    newPhotos: StopEventPhoto[]
  ) {
    const earlierPhotos = await StopEventPhoto.query()
      .where('bookingId', facts.id)
      .whereNotNull('stopEventId')
      .orderBy('id', 'asc')
    const files = [...earlierPhotos, ...newPhotos]
    const photos = await Promise.all(
      files.map(async (p) => ({
        bytes: await drive.use().getBytes(p.filePath),
        mimeType: p.mimeType,
      }))
    )
    return renderProofOfDelivery({
      booking: facts,
      consigneeName: input.consigneeName!,
      signature,
      steps: podSteps(recorded, input, now),
      exceptions: podExceptions(recorded),
      photos,
    })
  }

  /**
   * What follows a committed step: its position and exception on the shipment's timeline, the
   * stop's times for detention, and a notice to both parties' screens. None of it undoes the
   * step: a failure is logged.
   */
  private async afterCommit(
    facts: BookingDocumentFacts,
    event: StopEvent,
    recorded: StopEvent[],
    carrierUserId: number
  ) {
    const type = event.type as StopEventType
    try {
      const shipment = await this.shipments.find(event.bookingId)
      const located = event.latitude !== null && event.longitude !== null
      if (shipment && (located || type === 'exception')) {
        const milestone: IncomingEvent = {
          key: `driver:${event.id}`,
          type: MILESTONE[type],
          code: type,
          source: 'driver',
          description:
            type === 'exception'
              ? `Exception at delivery (${event.exceptionKind}): ${event.exceptionNote}`
              : `${STEP_LABELS[type]} (driver's phone)`,
          eventTime: event.recordedAt.toUTC().toISO()!,
          location: located
            ? { lat: event.latitude!, lng: event.longitude!, city: null, state: null }
            : null,
          raw: { stopEventId: event.id, accuracyM: event.accuracyM },
        }
        await this.milestones.record(shipment, [milestone])
      }
    } catch (error) {
      logger.error({ err: error, bookingId: event.bookingId }, 'stop event milestone failed')
    }
    const arrival = (step: string) => recorded.find((e) => e.type === step)?.recordedAt
    const stop =
      type === 'departed_pickup'
        ? { stop: 'PICKUP' as const, arrivedAt: arrival('arrived_pickup') }
        : type === 'delivered'
          ? { stop: 'DELIVERY' as const, arrivedAt: arrival('arrived_delivery') }
          : null
    if (stop?.arrivedAt && event.recordedAt > stop.arrivedAt) {
      try {
        await this.stopTimes.record(event.bookingId, event.recordedBy, {
          stop: stop.stop,
          arrivedAt: stop.arrivedAt,
          departedAt: event.recordedAt,
        })
      } catch (error) {
        // A stop whose detention is already billed keeps its times; the step stands.
        logger.warn({ err: error, bookingId: event.bookingId }, 'stop times not recorded')
      }
    }
    notifyUsers([facts.shipperId, carrierUserId], {
      kind: 'booking',
      id: event.bookingId,
      change: `stop_event:${type}`,
    })
  }

  private async photoCounts(bookingId: number) {
    const rows = await StopEventPhoto.query()
      .where('bookingId', bookingId)
      .whereNotNull('stopEventId')
    const counts = new Map<number, number>()
    for (const row of rows) counts.set(row.stopEventId!, (counts.get(row.stopEventId!) ?? 0) + 1)
    return counts
  }

  private async viewOf(event: StopEvent) {
    const counts = await this.photoCounts(event.bookingId)
    return this.view(event, counts.get(event.id) ?? 0)
  }

  private view(e: StopEvent, photoCount: number): StopEventView {
    return stepView(e, photoCount, e.podDocumentId)
  }
}
