import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency'
import type { components } from '@/types/api'

export type StopEventList = components['schemas']['StopEventList']
export type StopEvent = components['schemas']['StopEvent']
export type StopEventInput = components['schemas']['StopEventInput']
export type StopPhoto = components['schemas']['StopPhoto']
export type StopEventType = StopEventInput['type']
export type ExceptionKind = NonNullable<StopEventInput['exception']>['kind']

/** A booking's driver steps (docs/decisions/0243); live notices refetch it (`/api/bookings`). */
export const stopEventsKey = (bookingId: number) => `/api/bookings/${bookingId}/stop-events`

export function useStopEvents(bookingId: number) {
  return useSWR<StopEventList>(stopEventsKey(bookingId), () =>
    api.get<StopEventList>(stopEventsKey(bookingId))
  )
}

/** POST a step; `key` is its Idempotency-Key, the same on every retry of it. */
export function postStep(bookingId: number, body: StopEventInput, key: string) {
  return api.post<StopEvent>(stopEventsKey(bookingId), body, {
    headers: { [IDEMPOTENCY_HEADER]: key },
  })
}

/** POST one photo (already resized) for a step still to be sent. */
export function postPhoto(bookingId: number, photo: Blob, key: string) {
  const form = new FormData()
  form.append('photo', photo, 'photo.jpg')
  return api.post<StopPhoto>(`/api/bookings/${bookingId}/stop-photos`, form, {
    headers: { [IDEMPOTENCY_HEADER]: key },
  })
}
