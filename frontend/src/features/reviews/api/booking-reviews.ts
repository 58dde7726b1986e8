import { useCallback, useState } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

export type BookingReviews = components['schemas']['BookingReviews']
export type ReviewInput = components['schemas']['ReviewInput']

export const bookingReviewsKey = (bookingId: number) => `/api/bookings/${bookingId}/reviews`

/** GET /api/bookings/{id}/reviews: the window, one's own review and the other's once readable. */
export function getBookingReviews(bookingId: number): Promise<BookingReviews> {
  return api.get<BookingReviews>(bookingReviewsKey(bookingId))
}

/** Loads only while a booking is chosen (`null` key otherwise). */
export function useBookingReviews(bookingId: number | null) {
  return useSWR<BookingReviews>(bookingId == null ? null : bookingReviewsKey(bookingId), () =>
    getBookingReviews(bookingId!)
  )
}

/** POST (first write) or PUT (edit of one's own) a review. */
export function saveReview(bookingId: number, input: ReviewInput, edit: boolean) {
  return edit
    ? api.put<BookingReviews>(`${bookingReviewsKey(bookingId)}/mine`, input)
    : api.post<BookingReviews>(bookingReviewsKey(bookingId), input)
}

/** Writes or edits one's review; the booking's reviews take the server's answer. */
export function useSaveReview(bookingId: number) {
  const { mutate } = useSWRConfig()
  const [saving, setSaving] = useState(false)
  const save = useCallback(
    async (input: ReviewInput, edit: boolean) => {
      setSaving(true)
      try {
        const reviews = await saveReview(bookingId, input, edit)
        await mutate(bookingReviewsKey(bookingId), reviews, { revalidate: false })
        return reviews
      } finally {
        setSaving(false)
      }
    },
    [bookingId, mutate]
  )
  return { save, saving }
}
