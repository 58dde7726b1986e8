import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import type { ModeratedReview } from '@/features/admin/api/review-moderation'
import {
  MODERATION_GROUNDS,
  ReviewsModeration,
} from '@/features/admin/components/reviews-moderation'

const review: ModeratedReview = {
  id: 12,
  authorRole: 'carrier',
  loadingTime: 1,
  descriptionAccuracy: 2,
  payment: 1,
  comment: 'Four hours of detention and paid a week late.',
  createdAt: '2030-03-05T10:00:00.000Z',
  updatedAt: '2030-03-05T10:00:00.000Z',
  bookingId: 7,
  bookingReference: 'TRT-007',
  authorName: 'Motor City Haulers LLC',
  subjectName: 'Pat Lee',
  state: 'visible',
  hiddenReason: null,
  moderation: [],
}
const page = (data: ModeratedReview[]) => ({
  data,
  meta: { total: data.length, perPage: 20, currentPage: 1, lastPage: 1 },
})

describe('Reviews moderation', () => {
  it('states the grounds and refuses a hide without a reason before sending it', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/reviews': { body: page([review]) } })
    renderWithProviders(<ReviewsModeration />)
    expect(await screen.findByText(MODERATION_GROUNDS)).toBeTruthy()
    expect(MODERATION_GROUNDS).toContain('Facts about detention')
    const item = await screen.findByRole('listitem', { name: 'Review #12' })
    fireEvent.click(within(item).getByRole('button', { name: 'Hide review #12' }))
    expect(await within(item).findByText('Give the reason for this moderation')).toBeTruthy()
    fireEvent.change(within(item).getByLabelText('Reason for hiding'), {
      target: { value: 'rude' },
    })
    fireEvent.click(within(item).getByRole('button', { name: 'Hide review #12' }))
    expect(await within(item).findByText('The reason must be at least 10 characters')).toBeTruthy()
    expect(requestsTo(calls, 'POST', '/api/admin/reviews/12/hide')).toHaveLength(0)
  })

  it('hides with the reason and shows the log after the list reloads', async () => {
    setXsrfCookie()
    let hidden = false
    const reason = 'Names the dispatcher with a slur.'
    const { calls } = mockFetch({
      'GET /api/admin/reviews': () => ({
        body: page([
          hidden
            ? {
                ...review,
                state: 'hidden',
                hiddenReason: reason,
                moderation: [
                  {
                    action: 'hide',
                    reason,
                    adminName: 'Ada Admin',
                    at: '2030-03-06T10:00:00.000Z',
                  },
                ],
              }
            : review,
        ]),
      }),
      'POST /api/admin/reviews/12/hide': () => {
        hidden = true
        return { body: { ...review, state: 'hidden', hiddenReason: reason } }
      },
    })
    renderWithProviders(<ReviewsModeration />)
    const item = await screen.findByRole('listitem', { name: 'Review #12' })
    fireEvent.change(within(item).getByLabelText('Reason for hiding'), {
      target: { value: reason },
    })
    fireEvent.click(within(item).getByRole('button', { name: 'Hide review #12' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/admin/reviews/12/hide')).toHaveLength(1)
    )
    expect(requestsTo(calls, 'POST', '/api/admin/reviews/12/hide')[0].body).toEqual({ reason })
    expect(await screen.findByText(/Hidden by Ada Admin/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Restore review #12' })).toBeTruthy()
  })
})
