import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency'
import type { components } from '@/types/api'
import type { StopSubject, StopSubjectKind } from '@/features/drive/types'

export type StopEventList = components['schemas']['StopEventList']
export type ExpeditedStopEventList = components['schemas']['ExpeditedStopEventList']
export type StopEvent = components['schemas']['StopEvent']
export type StopEventInput = components['schemas']['StopEventInput']
export type StopPhoto = components['schemas']['StopPhoto']
export type StopEventType = StopEventInput['type']
export type ExceptionKind = NonNullable<StopEventInput['exception']>['kind']

/** Where a subject's steps live: a booking's (decision 0243), an expedited job's (0263). */
const BASE: Record<StopSubjectKind, string> = {
  booking: '/api/bookings',
  expedited: '/api/expedited-jobs',
}

/** A booking's driver steps (docs/decisions/0243); live notices refetch it (`/api/bookings`). */
export const stopEventsKey = (bookingId: number) => `/api/bookings/${bookingId}/stop-events`

/** A subject's driver steps; live notices refetch the expedited job's (`/api/expedited-jobs`). */
export const subjectStopEventsKey = (subject: StopSubject) =>
  `${BASE[subject.kind]}/${subject.id}/stop-events`

/** A booking's steps; null fetches nothing (the screen shows another subject). */
export function useStopEvents(bookingId: number | null) {
  return useSWR<StopEventList>(
    bookingId === null ? null : stopEventsKey(bookingId),
    (url: string) => api.get<StopEventList>(url)
  )
}

/** An expedited job's driver steps (docs/decisions/0263). */
export function useExpeditedStopEvents(jobId: number | null) {
  const key = jobId === null ? null : subjectStopEventsKey({ kind: 'expedited', id: jobId })
  return useSWR<ExpeditedStopEventList>(key, (url: string) => api.get<ExpeditedStopEventList>(url))
}

/** The signed proof of delivery of an expedited job (the shipper's and the carrier's). */
export const expeditedPodHref = (jobId: number) => `/api/expedited-jobs/${jobId}/pod`

/** POST a step; `key` is its Idempotency-Key, the same on every retry of it. */
export function postStep(
  bookingId: number,
  body: StopEventInput,
  key: string,
  kind: StopSubjectKind = 'booking'
) {
  return api.post<StopEvent>(subjectStopEventsKey({ kind, id: bookingId }), body, {
    headers: { [IDEMPOTENCY_HEADER]: key },
  })
}

/** POST one photo (already resized) for a step still to be sent. */
export function postPhoto(
  bookingId: number,
  photo: Blob,
  key: string,
  kind: StopSubjectKind = 'booking'
) {
  const form = new FormData()
  form.append('photo', photo, 'photo.jpg')
  return api.post<StopPhoto>(`${BASE[kind]}/${bookingId}/stop-photos`, form, {
    headers: { [IDEMPOTENCY_HEADER]: key },
  })
}
