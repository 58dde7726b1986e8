/*
 * Plausible delivery histories for tests (docs/decisions/0166): a booking is delivered only
 * after its pickup day and with a proof of delivery on file, so tests that deliver one build
 * that history instead of skipping the rule.
 */
import app from '@adonisjs/core/services/app'
import type { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { businessDateColumn } from '#core/business_time'
import BookingDocumentsService from '#marketplace/services/booking_documents_service'
import DocumentHubService from '#tms/services/document_hub_service'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type User from '#accounts/models/user'
import { STOP_STEPS, type StopStep } from '#tms/stop_event_rules'
import { SIGNATURE_DATA_URL } from '#tms/tests/stop_event_fixtures'

/** The smallest bytes the upload checks take for a PNG photo. */
export const PHOTO_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('crushed pallet'),
])

/** The smallest file the upload's sniffing takes for a PDF. */
export const POD_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')

/**
 * A booking's dates for a truck already on the road as of `clock` (the wall clock unless
 * given): picked up yesterday, due today. Spread into `makeBooking`'s overrides.
 */
export function onTheRoad(clock: Clock = new Clock()): {
  pickupDate: DateTime
  deliveryDate: DateTime
} {
  return {
    pickupDate: businessDateColumn(clock, -1),
    deliveryDate: businessDateColumn(clock, 0),
  }
}

/** The carrier uploads a POD to the booking through the TMS's own upload service. */
export async function uploadProofOfDelivery(bookingId: number, carrierUserId: number) {
  const bookings = await app.container.make(BookingDocumentsService)
  const hub = await app.container.make(DocumentHubService)
  const parties = await bookings.parties(bookingId)
  if (!parties) throw new Error(`No booking ${bookingId} to upload a POD to`)
  return hub.upload(
    parties,
    { docType: 'POD', stopNumber: 2, mimeType: 'application/pdf', extension: 'pdf' },
    POD_PDF,
    carrierUserId
  )
}

/**
 * The carrier accepts the booking's rate confirmation (issued now if the booking was made
 * paid by a factory), as a pickup needs (docs/decisions/0226).
 */
export async function acceptRateConfirmation(bookingId: number, carrierUserId: number) {
  const { default: RateConfirmationService } =
    await import('#marketplace/services/rate_confirmation_service')
  const confirmations = await app.container.make(RateConfirmationService)
  return confirmations.accept(bookingId, {
    userId: carrierUserId,
    name: 'Test Carrier',
    ip: '127.0.0.1',
    userAgent: 'japa',
  })
}

/** The consignee the expedited helper's deliveries are signed by. */
export const EXPEDITED_CONSIGNEE = 'Dock 3 Receiving'

let expeditedKeys = 0

/**
 * The driver records an expedited job's remaining stop steps, from the next one through
 * `through` (the signed delivery unless told), as the phone does (docs/decisions/0263): the only
 * way an expedited job is delivered (docs/decisions/0264). A job picked up with the old button
 * records its pickup steps too. Answers the last step's response, unasserted, so a test can
 * expect a refusal (the too-soon delivery, decision 0166).
 */
export async function recordExpeditedSteps(
  client: ApiClient,
  driver: User,
  jobId: number,
  through: StopStep = 'delivered'
) {
  const steps = await client.get(`/api/expedited-jobs/${jobId}/stop-events`).loginAs(driver)
  if (steps.status() !== 200) {
    throw new Error(`stop-events of job ${jobId}: ${steps.status()} ${steps.text()}`)
  }
  const next = steps.body().next as StopStep | null
  if (next === null) throw new Error(`job ${jobId} has no step left to record`)
  const todo = STOP_STEPS.slice(STOP_STEPS.indexOf(next), STOP_STEPS.indexOf(through) + 1)
  let last: ApiResponse | null = null
  for (const type of todo) {
    const body: Record<string, unknown> = { type }
    if (type === 'loaded') body.pieces = 4
    if (type === 'delivered') {
      body.consigneeName = EXPEDITED_CONSIGNEE
      body.signature = SIGNATURE_DATA_URL
    }
    last = await client
      .post(`/api/expedited-jobs/${jobId}/stop-events`)
      .json(body)
      .header('Idempotency-Key', `expedited-${jobId}-${type}-${Date.now()}-${++expeditedKeys}`)
      .loginAs(driver)
      .withCsrfToken()
    if (type !== through && last.status() !== 201) {
      throw new Error(`${type} of job ${jobId}: ${last.status()} ${last.text()}`)
    }
  }
  if (!last) throw new Error(`job ${jobId}: "${through}" is recorded already`)
  return last
}

/**
 * The same remaining steps through the delivery, recorded by the logistics service as `userId`
 * (the carrier's user), for a browser journey whose phone screens another journey drives
 * (backend/tests/browser/driver_expedited.spec.ts). Answers the job's stop list after them.
 */
export async function recordExpeditedStepsAs(jobId: number, userId: number) {
  const { default: ExpeditedStopEventService } =
    await import('#logistics/services/expedited_stop_event_service')
  const stops = await app.container.make(ExpeditedStopEventService)
  const { next } = await stops.forJob(jobId)
  if (next === null) throw new Error(`job ${jobId} has no step left to record`)
  for (const type of STOP_STEPS.slice(STOP_STEPS.indexOf(next))) {
    await stops.record(jobId, { userId }, `expedited-${jobId}-${type}-${++expeditedKeys}`, {
      type,
      ...(type === 'loaded' ? { pieces: 4 } : {}),
      ...(type === 'delivered'
        ? { consigneeName: EXPEDITED_CONSIGNEE, signature: SIGNATURE_DATA_URL }
        : {}),
    })
  }
  return stops.forJob(jobId)
}
