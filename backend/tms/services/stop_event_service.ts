import { inject } from '@adonisjs/core'
import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { notifyUsers } from '#core/live_notices'
import { isoUtc } from '#core/timestamps'
import { writeTransaction, rowCount } from '#core/transactions'
import { isUniqueViolation, validationError, type FieldError } from '#core/validation'
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
import { place, renderProofOfDelivery, type PodStep } from '#tms/services/pdf_renderer'
import {
  STEP_LABELS,
  nextStep,
  stepKey,
  stopEventRefusal,
  type ExceptionKind,
  type StopEventType,
} from '#tms/stop_event_rules'

export const BOOKING_NOT_FOUND = 'Booking not found'

/** What a step may carry beyond its type (docs/openapi.json `StopEventInput`). */
export type StopEventInput = {
  type: StopEventType
  at?: string
  lat?: number
  lng?: number
  accuracyM?: number
  pieces?: number
  sealNumber?: string
  consigneeName?: string
  signature?: string
  exception?: { kind: ExceptionKind; note: string }
  photoIds?: number[]
}

export type StopEventActor = { userId: number; memberUserId?: number | null }

/** Statuses in which the truck may be at the pickup (paid, not yet on the road or delayed). */
const AT_PICKUP = ['booked', 'confirmed', 'in_transit', 'delayed']
/** Statuses in which the truck is on the road (the status service moved it at departure). */
const ON_THE_ROAD = ['in_transit', 'delayed']

/** Which of the step's fields belong to which types (anything else is refused by name). */
const ONLY_FOR: Partial<Record<keyof StopEventInput, StopEventType[]>> = {
  pieces: ['loaded'],
  sealNumber: ['loaded'],
  consigneeName: ['delivered'],
  signature: ['delivered'],
  exception: ['exception'],
}

const FIELD_ABOUT: Partial<Record<keyof StopEventInput, string>> = {
  pieces: 'Pieces are counted when loaded',
  sealNumber: 'The seal number is recorded when loaded',
  consigneeName: "The consignee's name is recorded at the delivery",
  signature: 'The signature is recorded at the delivery',
  exception: 'Exception details belong to an exception step',
}

/** The milestone type each step stands for on the shipment's timeline and map. */
const MILESTONE: Record<StopEventType, string> = {
  arrived_pickup: 'OTHER',
  loaded: 'OTHER',
  departed_pickup: 'IN_TRANSIT',
  arrived_delivery: 'OTHER',
  delivered: 'OTHER',
  exception: 'EXCEPTION',
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

export type StopEventView = {
  id: number
  type: StopEventType
  label: string
  recordedAt: string
  reportedAt: string | null
  position: { lat: number; lng: number; accuracyM: number | null } | null
  pieces: number | null
  sealNumber: string | null
  consigneeName: string | null
  exception: { kind: string; note: string } | null
  photoCount: number
  podDocumentId: number | null
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
    const size = imageSize(photo.bytes, photo.mimeType)
    if (!size || size.width === 0 || size.height === 0) {
      throw validationError([
        {
          field: 'photo',
          message: 'The photo must be a readable JPEG or PNG image',
          rule: 'image',
        },
      ])
    }
    const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
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
    this.checkFields(input)
    const signature = input.type === 'delivered' ? this.signatureBytes(input.signature!) : null
    const reportedAt = this.reportedAt(input.at)
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
        throw validationError([
          { field: 'signature', message: 'The signature must be a PNG image', rule: 'png' },
        ])
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

  private checkFields(input: StopEventInput) {
    const problems: FieldError[] = []
    for (const [field, types] of Object.entries(ONLY_FOR) as [
      keyof StopEventInput,
      StopEventType[],
    ][]) {
      if (input[field] !== undefined && !types.includes(input.type)) {
        problems.push({ field, message: FIELD_ABOUT[field]!, rule: 'notForStep' })
      }
    }
    const need = (field: keyof StopEventInput, message: string) => {
      if (input[field] === undefined) problems.push({ field, message, rule: 'required' })
    }
    if (input.type === 'loaded') need('pieces', 'Count the pieces loaded')
    if (input.type === 'delivered') {
      need('consigneeName', "The consignee's name is required")
      need('signature', "The consignee's signature is required")
    }
    if (input.type === 'exception') need('exception', 'Say which exception and what happened')
    if (problems.length > 0) throw validationError(problems)
  }

  private signatureBytes(dataUrl: string): Buffer {
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
    const size = imageSize(bytes, 'image/png')
    if (!bytes.subarray(0, 8).equals(PNG_MAGIC) || !size || size.width < 20 || size.height < 10) {
      throw validationError([
        { field: 'signature', message: 'The signature must be a PNG image', rule: 'png' },
      ])
    }
    return bytes
  }

  private reportedAt(at: string | undefined): string | null {
    if (at === undefined) return null
    const parsed = DateTime.fromISO(at, { setZone: true })
    if (!parsed.isValid) {
      throw validationError([
        { field: 'at', message: 'The time must be an ISO 8601 date and time', rule: 'iso8601' },
      ])
    }
    return at
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
      throw validationError([
        {
          field: 'photoIds',
          message: "Each photo must be one of this booking's photos not yet on a step",
          rule: 'photo',
        },
      ])
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
    const stepOf = (e: {
      type: string
      recordedAt: string
      reportedAt: string | null
      lat: number | null
      lng: number | null
      accuracyM: number | null
      pieces: number | null
      sealNumber: string | null
    }): PodStep => ({
      label: STEP_LABELS[e.type as StopEventType] ?? e.type,
      recordedAt: e.recordedAt,
      reportedAt: e.reportedAt,
      position:
        e.lat === null || e.lng === null
          ? null
          : { lat: e.lat, lng: e.lng, accuracyM: e.accuracyM },
      details: [
        ...(e.pieces === null ? [] : [`Pieces: ${e.pieces}`]),
        ...(e.sealNumber === null ? [] : [`Seal: ${e.sealNumber}`]),
      ],
    })
    const steps = recorded
      .filter((e) => e.type !== 'exception')
      .map((e) =>
        stepOf({
          type: e.type,
          recordedAt: isoUtc(e.recordedAt)!,
          reportedAt: e.reportedAt,
          lat: e.latitude,
          lng: e.longitude,
          accuracyM: e.accuracyM,
          pieces: e.pieces,
          sealNumber: e.sealNumber,
        })
      )
    steps.push(
      stepOf({
        type: 'delivered',
        recordedAt: now.toUTC().toISO()!,
        reportedAt: input.at ?? null,
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        accuracyM: input.accuracyM ?? null,
        pieces: null,
        sealNumber: null,
      })
    )
    return renderProofOfDelivery({
      booking: facts,
      consigneeName: input.consigneeName!,
      signature,
      steps,
      exceptions: recorded
        .filter((e) => e.type === 'exception')
        .map((e) => ({ kind: e.exceptionKind ?? 'exception', note: e.exceptionNote ?? '' })),
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
    return {
      id: e.id,
      type: e.type as StopEventType,
      label: STEP_LABELS[e.type as StopEventType] ?? e.type,
      recordedAt: isoUtc(e.recordedAt)!,
      reportedAt: e.reportedAt,
      position:
        e.latitude === null || e.longitude === null
          ? null
          : { lat: e.latitude, lng: e.longitude, accuracyM: e.accuracyM },
      pieces: e.pieces,
      sealNumber: e.sealNumber,
      consigneeName: e.consigneeName,
      exception: e.exceptionKind ? { kind: e.exceptionKind, note: e.exceptionNote ?? '' } : null,
      photoCount,
      podDocumentId: e.podDocumentId,
    }
  }
}

/** Width and height from a PNG's IHDR or a JPEG's SOF marker; null when unreadable. */
export function imageSize(
  bytes: Buffer,
  mimeType: string
): { width: number; height: number } | null {
  if (mimeType === 'image/png') {
    if (bytes.length < 24) return null
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  }
  let i = 2
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null
    const marker = bytes[i + 1]
    const length = bytes.readUInt16BE(i + 2)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) }
    }
    i += 2 + length
  }
  return null
}
