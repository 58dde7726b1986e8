import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import type { BookingReviews } from '@/features/reviews/api/booking-reviews'
import { BookingReviewsDialog } from '@/features/reviews/components/booking-reviews-dialog'
import { reviewWindowClosed, reviewWindowNotOpen } from '@/lib/review-window'

const URL = '/api/bookings/7/reviews'
const window = {
  state: 'open' as const,
  opensAt: '2030-03-04T20:00:00.000Z',
  closesAt: '2030-03-18T20:00:00.000Z',
}

function reviews(overrides: Partial<BookingReviews> = {}): BookingReviews {
  return {
    bookingId: 7,
    reference: 'TRT-007',
    side: 'shipper',
    window,
    canWrite: true,
    mine: null,
    theirs: { status: 'not_written', review: null },
    ...overrides,
  }
}

const mine = {
  id: 1,
  authorRole: 'shipper' as const,
  onTime: 4,
  communication: 5,
  careOfFreight: 3,
  comment: 'Good trip.',
  createdAt: '2030-03-05T10:00:00.000Z',
  updatedAt: '2030-03-05T10:00:00.000Z',
  editable: true,
  published: false,
  hidden: false,
  hiddenReason: null,
}

async function open() {
  fireEvent.click(await screen.findByRole('button', { name: 'Rate this carrier for TRT-007' }))
}

describe('Rate this carrier', () => {
  it('checks every criterion and the comment before sending, with the server’s messages', async () => {
    const { calls } = mockFetch({ [`GET ${URL}`]: { body: reviews() } })
    renderWithProviders(<BookingReviewsDialog bookingId={7} reference="TRT-007" side="shipper" />)
    await open()
    fireEvent.click(await screen.findByRole('button', { name: 'Submit review' }))
    expect(await screen.findByText('On time must be rated from 1 to 5 stars')).toBeTruthy()
    expect(screen.getByText('Communication must be rated from 1 to 5 stars')).toBeTruthy()
    expect(screen.getByText('Care of freight must be rated from 1 to 5 stars')).toBeTruthy()
    expect(screen.getByText('Please write a comment')).toBeTruthy()
    expect(requestsTo(calls, 'POST', URL)).toHaveLength(0)
  })

  it('stars are named radios in a group per criterion; then the review is sent and the wait shown', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      [`GET ${URL}`]: { body: reviews() },
      [`POST ${URL}`]: {
        status: 201,
        body: reviews({
          canWrite: false,
          mine: { ...mine, onTime: 5, communication: 4, careOfFreight: 3 },
        }),
      },
    })
    renderWithProviders(<BookingReviewsDialog bookingId={7} reference="TRT-007" side="shipper" />)
    await open()
    const onTime = await screen.findByRole('group', { name: 'On time' })
    // Native radios in one named group: Tab reaches it, arrow keys move, each star is named.
    const fiveStars = within(onTime).getByRole('radio', { name: '5 stars' }) as HTMLInputElement
    fiveStars.focus()
    fireEvent.click(fiveStars)
    expect(fiveStars.checked).toBe(true)
    const communication = screen.getByRole('group', { name: 'Communication' })
    fireEvent.click(communication.querySelector('input[value="4"]')!)
    fireEvent.click(
      screen.getByRole('group', { name: 'Care of freight' }).querySelector('input[value="3"]')!
    )
    fireEvent.change(screen.getByLabelText('Comment'), {
      target: { value: '  On time, careful.  ' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }))

    await waitFor(() => expect(requestsTo(calls, 'POST', URL)).toHaveLength(1))
    expect(requestsTo(calls, 'POST', URL)[0].body).toEqual({
      onTime: 5,
      communication: 4,
      careOfFreight: 3,
      comment: 'On time, careful.',
    })
    expect(await screen.findByText("Waiting for the carrier's review.")).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Edit your review' })).toBeTruthy()
  })

  it('an edit sends PUT …/mine with the changed review', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      [`GET ${URL}`]: { body: reviews({ canWrite: false, mine }) },
      [`PUT ${URL}/mine`]: {
        body: reviews({ canWrite: false, mine: { ...mine, comment: 'Late.' } }),
      },
    })
    renderWithProviders(<BookingReviewsDialog bookingId={7} reference="TRT-007" side="shipper" />)
    await open()
    fireEvent.click(await screen.findByRole('button', { name: 'Edit your review' }))
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Late.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(requestsTo(calls, 'PUT', `${URL}/mine`)).toHaveLength(1))
    expect(requestsTo(calls, 'PUT', `${URL}/mine`)[0].body).toEqual({
      onTime: 4,
      communication: 5,
      careOfFreight: 3,
      comment: 'Late.',
    })
  })

  it('shows the server’s field errors under their field', async () => {
    setXsrfCookie()
    mockFetch({
      [`GET ${URL}`]: { body: reviews() },
      [`POST ${URL}`]: {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            {
              field: 'comment',
              message: 'The comment must be at most 2000 characters',
              rule: 'maxLength',
            },
          ],
        },
      },
    })
    renderWithProviders(<BookingReviewsDialog bookingId={7} reference="TRT-007" side="shipper" />)
    await open()
    await screen.findByRole('group', { name: 'On time' })
    for (const name of ['On time', 'Communication', 'Care of freight']) {
      fireEvent.click(screen.getByRole('group', { name }).querySelector('input[value="3"]')!)
    }
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'ok' } })
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }))
    expect(await screen.findByText('The comment must be at most 2000 characters')).toBeTruthy()
  })

  it('the carrier’s review of the shipper once both wrote; a sealed one is only announced', async () => {
    const carrierReview = {
      id: 2,
      authorRole: 'carrier' as const,
      loadingTime: 2,
      descriptionAccuracy: 4,
      payment: 5,
      comment: 'Two hours of detention.',
      createdAt: '2030-03-05T11:00:00.000Z',
      updatedAt: '2030-03-05T11:00:00.000Z',
    }
    mockFetch({
      [`GET ${URL}`]: {
        body: reviews({
          canWrite: false,
          mine: { ...mine, editable: false, published: true },
          theirs: { status: 'revealed', review: carrierReview },
        }),
      },
    })
    renderWithProviders(<BookingReviewsDialog bookingId={7} reference="TRT-007" side="shipper" />)
    await open()
    expect(await screen.findByText('Two hours of detention.')).toBeTruthy()
    expect(screen.getByLabelText('Loading time and detention: 2 of 5')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Edit your review' })).toBeNull()
  })

  it('a sealed review of the other side says to write one’s own first', async () => {
    mockFetch({
      [`GET /api/bookings/8/reviews`]: {
        body: reviews({
          bookingId: 8,
          side: 'carrier',
          theirs: { status: 'sealed', review: null },
        }),
      },
    })
    renderWithProviders(<BookingReviewsDialog bookingId={8} reference="TRT-008" side="carrier" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Rate this shipper for TRT-008' }))
    expect(
      await screen.findByText('The shipper has written a review. Write yours to read it.')
    ).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Loading time and detention' })).toBeTruthy()
  })
})

// Issue 31 item 16: "Rate this carrier" opened only to say the window had closed.
describe('a closed review window', () => {
  it('offers the reviews to read, not a rating', async () => {
    mockFetch({
      [`GET ${URL}`]: {
        body: reviews({ window: { ...window, state: 'closed' }, canWrite: false }),
      },
    })
    renderWithProviders(
      <BookingReviewsDialog bookingId={7} reference="TRT-007" side="shipper" windowClosed />
    )
    expect(await screen.findByRole('button', { name: 'Reviews for TRT-007' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Rate this/ })).toBeNull()
  })
})

// The walk after issue 31: a delivered booking not yet completed offered "Rate this carrier",
// which opened only to say that reviews open at completion or 48 hours after delivery.
describe('a review window not open yet', () => {
  it('offers no rating control until it opens', () => {
    const { container } = renderWithProviders(
      <BookingReviewsDialog bookingId={7} reference="TRT-007" side="shipper" windowNotOpen />
    )
    expect(screen.queryByRole('button', { name: /TRT-007/ })).toBeNull()
    expect(container.textContent).toBe('')
  })
})

describe('reviewWindowClosed (the server’s rule, decision 0094)', () => {
  const HOUR = 3_600_000
  const delivered = Date.parse('2030-03-01T12:00:00.000Z')
  const facts = (completedAt: number | null) => ({
    deliveredAt: new Date(delivered).toISOString(),
    completedAt: completedAt === null ? null : new Date(completedAt).toISOString(),
  })

  it('closes 14 days after completion, or after the 48 hours that complete it', () => {
    const completed = delivered + 5 * HOUR
    expect(reviewWindowClosed(facts(completed), completed + 14 * 24 * HOUR - 1)).toBe(false)
    expect(reviewWindowClosed(facts(completed), completed + 14 * 24 * HOUR)).toBe(true)
    const due = delivered + 48 * HOUR
    expect(reviewWindowClosed(facts(null), due + 14 * 24 * HOUR - 1)).toBe(false)
    expect(reviewWindowClosed(facts(null), due + 14 * 24 * HOUR)).toBe(true)
  })

  it('is never closed before a delivery', () => {
    expect(reviewWindowClosed({ deliveredAt: null, completedAt: null })).toBe(false)
  })

  it('is not open until completion or 48 hours after delivery, whichever is first', () => {
    expect(reviewWindowNotOpen(facts(null), delivered + 48 * HOUR - 1)).toBe(true)
    expect(reviewWindowNotOpen(facts(null), delivered + 48 * HOUR)).toBe(false)
    const completed = delivered + 5 * HOUR
    expect(reviewWindowNotOpen(facts(completed), completed - 1)).toBe(true)
    expect(reviewWindowNotOpen(facts(completed), completed)).toBe(false)
    // Before a delivery there is no window to wait for (the control is not shown anyway).
    expect(reviewWindowNotOpen({ deliveredAt: null, completedAt: null })).toBe(false)
  })
})
