import { useCallback, useState } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

export type ModeratedReview = components['schemas']['ModeratedReview']
export type ModerationReviewPage = components['schemas']['ModerationReviewPage']
export type ModerationFilter = 'all' | 'visible' | 'sealed' | 'hidden'

export const reviewsModerationKey = (status: ModerationFilter, page: number) =>
  `/api/admin/reviews?status=${status}&page=${page}`

/** GET /api/admin/reviews: every review with its moderation log, newest first, 20 a page. */
export function getReviewsForModeration(status: ModerationFilter, page: number) {
  return api.get<ModerationReviewPage>(reviewsModerationKey(status, page))
}

export function useReviewsForModeration(status: ModerationFilter, page: number) {
  return useSWR<ModerationReviewPage>(reviewsModerationKey(status, page), () =>
    getReviewsForModeration(status, page)
  )
}

/** POST /api/admin/reviews/{id}/hide or /restore, with the reason that is kept. */
export function moderateReview(reviewId: number, action: 'hide' | 'restore', reason: string) {
  return api.post<ModeratedReview>(`/api/admin/reviews/${reviewId}/${action}`, { reason })
}

/** Hide or restore; every page of the list revalidates (a review moves between filters). */
export function useModerateReview() {
  const { mutate } = useSWRConfig()
  const [pendingId, setPendingId] = useState<number | null>(null)
  const moderate = useCallback(
    async (reviewId: number, action: 'hide' | 'restore', reason: string) => {
      setPendingId(reviewId)
      try {
        return await moderateReview(reviewId, action, reason)
      } finally {
        setPendingId(null)
        void mutate((key) => typeof key === 'string' && key.startsWith('/api/admin/reviews'))
      }
    },
    [mutate]
  )
  return { moderate, pendingId }
}
