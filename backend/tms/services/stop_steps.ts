/*
 * What a driver's step is, whatever its subject (a booking, decision 0243; an expedited job,
 * decision 0263): the fields each type takes, the signature's and the photos' checks, the
 * phone's clock, the step as the screen reads it and as the proof of delivery prints it. The
 * order itself is `#tms/stop_event_rules`; each subject's service maps the steps onto its own
 * statuses.
 */
import { DateTime } from 'luxon'
import { isoUtc } from '#core/timestamps'
import { validationError, type FieldError } from '#core/validation'
import type { PodStep } from '#tms/services/pdf_renderer'
import { STEP_LABELS, type ExceptionKind, type StopEventType } from '#tms/stop_event_rules'

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

/** A recorded step as both subjects' tables hold it. */
export type RecordedStep = {
  id: number
  type: string
  recordedAt: DateTime
  reportedAt: string | null
  latitude: number | null
  longitude: number | null
  accuracyM: number | null
  pieces: number | null
  sealNumber: string | null
  consigneeName: string | null
  exceptionKind: string | null
  exceptionNote: string | null
}

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

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The fields the step's type needs and none it does not take (422 naming each). */
export function checkStepFields(input: StopEventInput) {
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

export const signatureRefused = () =>
  validationError([
    { field: 'signature', message: 'The signature must be a PNG image', rule: 'png' },
  ])

/** The signature data URL's PNG bytes (a PNG by its bytes, at least 20 by 10 pixels). */
export function signatureBytes(dataUrl: string): Buffer {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  const size = imageSize(bytes, 'image/png')
  if (!bytes.subarray(0, 8).equals(PNG_MAGIC) || !size || size.width < 20 || size.height < 10) {
    throw signatureRefused()
  }
  return bytes
}

/** The phone's clock as it reported it, checked as an ISO 8601 moment. */
export function reportedAtOf(at: string | undefined): string | null {
  if (at === undefined) return null
  const parsed = DateTime.fromISO(at, { setZone: true })
  if (!parsed.isValid) {
    throw validationError([
      { field: 'at', message: 'The time must be an ISO 8601 date and time', rule: 'iso8601' },
    ])
  }
  return at
}

/** A photo's dimensions, or a 422 on `photo` when its bytes are no readable image. */
export function photoSize(photo: { bytes: Buffer; mimeType: string }) {
  const size = imageSize(photo.bytes, photo.mimeType)
  if (!size || size.width === 0 || size.height === 0) {
    throw validationError([
      { field: 'photo', message: 'The photo must be a readable JPEG or PNG image', rule: 'image' },
    ])
  }
  return size
}

/** A fresh file name part for a stored photo. */
export const photoStamp = () =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

/** The 422 of `photoIds` naming photos that are not the subject's or already on a step. */
export const photosRefused = (subject: string) =>
  validationError([
    {
      field: 'photoIds',
      message: `Each photo must be one of this ${subject}'s photos not yet on a step`,
      rule: 'photo',
    },
  ])

/** The step as the driver's screen reads it. */
export function stepView(
  e: RecordedStep,
  photoCount: number,
  podDocumentId: number | null
): StopEventView {
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
    podDocumentId,
  }
}

/** The ordered steps the proof of delivery prints: those recorded, then this delivery. */
export function podSteps(
  recorded: RecordedStep[],
  input: StopEventInput,
  now: DateTime
): PodStep[] {
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
      e.lat === null || e.lng === null ? null : { lat: e.lat, lng: e.lng, accuracyM: e.accuracyM },
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
  return steps
}

/** The exceptions the proof of delivery prints. */
export const podExceptions = (recorded: RecordedStep[]) =>
  recorded
    .filter((e) => e.type === 'exception')
    .map((e) => ({ kind: e.exceptionKind ?? 'exception', note: e.exceptionNote ?? '' }))

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
