import { useCallback, useState } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

export type BookingMessageThread = components['schemas']['BookingMessageThread']
export type BookingMessage = components['schemas']['BookingMessage']

/** The thread's read: live notices of kind `message` refetch it (app/live-updates). */
export const bookingMessagesKey = (bookingId: number) => `/api/bookings/${bookingId}/messages`

/** GET /api/bookings/{id}/messages, only while the panel is open (`null` key otherwise). */
export function useBookingMessages(bookingId: number | null) {
  return useSWR<BookingMessageThread>(
    bookingId == null ? null : bookingMessagesKey(bookingId),
    () => api.get<BookingMessageThread>(bookingMessagesKey(bookingId!)),
    // The live notices refresh it at once; this is the fallback when the stream is away.
    { refreshInterval: 30_000 }
  )
}

/** Sending (text, or a file with an optional note), editing and read receipts, then a refetch. */
export function useMessageActions(bookingId: number) {
  const { mutate } = useSWRConfig()
  const key = bookingMessagesKey(bookingId)
  const [busy, setBusy] = useState(false)
  const run = useCallback(
    async <T>(work: () => Promise<T>): Promise<T> => {
      setBusy(true)
      try {
        const result = await work()
        await mutate(key)
        return result
      } finally {
        setBusy(false)
      }
    },
    [key, mutate]
  )
  const send = useCallback(
    (body: string, file: File | null) =>
      run(() => {
        if (!file) return api.post<BookingMessage>(key, { body })
        const form = new FormData()
        form.set('file', file)
        if (body) form.set('body', body)
        return api.post<BookingMessage>(`${key}/attachments`, form)
      }),
    [key, run]
  )
  const edit = useCallback(
    (messageId: number, body: string) =>
      run(() => api.patch<BookingMessage>(`${key}/${messageId}`, { body })),
    [key, run]
  )
  const markRead = useCallback(
    async (upToMessageId: number) => {
      await api.post(`${key}/read`, { upToMessageId })
      await mutate(key)
    },
    [key, mutate]
  )
  return { send, edit, markRead, busy }
}
