import { describe, expect, it, vi } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import type { ShipperBooking } from '@/features/shipper/api/get-bookings'
import { makeBooking, makeMetrics } from '@/features/shipper/testing/fixtures'
import { DISMISSED_ALERTS_STORAGE_KEY } from '@/features/shipper/hooks/use-dismissed-alerts'
import { formatDate, formatDateTime } from '@/lib/format'

// The first render loads the lazy /shipper route chunk, which is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 })

const NOW = new Date('2025-06-10T15:00:00Z') // June 10th in New York

function setup(
  bookings: ShipperBooking[],
  routes: Record<string, MockRoute> = {},
  url = '/shipper#bookings'
) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'shipper' }) },
    'GET /api/bookings': () => ({ body: bookings }),
    'GET /api/shipper/dashboard-metrics': { body: makeMetrics() },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  return { ...renderApp(url), ...mock }
}

const table = () => screen.findByRole('table', { name: 'Shipment Management' })
const row = (id: number) => screen.getByRole('row', { name: `Booking #${id}` })

describe('My Bookings: alerts', () => {
  it('derives alerts from the bookings and remembers dismissals for the session', async () => {
    window.sessionStorage.clear()
    const bookings = [
      makeBooking({ id: 1, status: 'delayed', pickupDate: '2025-06-08' }),
      makeBooking({ id: 2, status: 'booked', pickupDate: '2025-06-05' }),
      makeBooking({ id: 3, status: 'delivered', completedAt: null }),
      makeBooking({ id: 4, status: 'booked', pickupDate: '2025-06-12' }),
    ]
    const first = setup(bookings)
    const alerts = await screen.findByRole('list', { name: 'Shipment alerts' })
    const items = within(alerts).getAllByRole('listitem')
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      'Shipment TRT-001 is delayed',
      'Shipment TRT-002 is overdue',
      'Shipment TRT-003 was delivered',
    ])
    expect(within(items[0]).getByText('High priority')).toBeInTheDocument()
    expect(within(items[1]).getByText('High priority')).toBeInTheDocument()
    expect(within(items[1]).getByText(/due 5 days ago/)).toBeInTheDocument()
    expect(within(items[2]).getByText('Medium priority')).toBeInTheDocument()

    fireEvent.click(
      screen.getByRole('button', { name: 'Dismiss alert: Shipment TRT-002 is overdue' })
    )
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Shipment TRT-002 is overdue' })).toBeNull()
    )
    expect(JSON.parse(window.sessionStorage.getItem(DISMISSED_ALERTS_STORAGE_KEY)!)).toEqual([
      'overdue-2-2025-06-05',
    ])

    first.unmount()
    setup(bookings)
    await screen.findByRole('list', { name: 'Shipment alerts' })
    expect(screen.queryByRole('listitem', { name: 'Shipment TRT-002 is overdue' })).toBeNull()
    expect(
      screen.getByRole('listitem', { name: 'Shipment TRT-001 is delayed' })
    ).toBeInTheDocument()
    window.sessionStorage.clear()
  })
})

describe('My Bookings: status board', () => {
  it('groups into four columns and shows at most three cards, then +N more', async () => {
    const bookings = [
      makeBooking({ id: 1, status: 'pending' }),
      makeBooking({ id: 2, status: 'booked' }),
      makeBooking({ id: 3, status: 'confirmed' }),
      makeBooking({ id: 4, status: null }),
      makeBooking({ id: 5, status: 'booked' }),
      makeBooking({ id: 6, status: 'in_transit' }),
      makeBooking({ id: 7, status: 'delivered', completedAt: '2025-06-09T12:00:00Z' }),
      makeBooking({ id: 8, status: 'cancelled' }),
    ]
    setup(bookings)
    await screen.findByText('Shipment Status Overview')
    const booked = screen.getByRole('region', { name: 'Booked' })
    expect(within(booked).getAllByRole('listitem')).toHaveLength(3)
    expect(within(booked).getByText('#1')).toBeInTheDocument()
    expect(within(booked).queryByText('#4')).toBeNull()
    expect(within(booked).getByText('+2 more')).toBeInTheDocument()
    const transit = screen.getByRole('region', { name: 'In Transit' })
    expect(within(transit).getByText('#6')).toBeInTheDocument()
    expect(within(transit).queryByText(/more/)).toBeNull()
    expect(
      within(screen.getByRole('region', { name: 'Delayed' })).getByText('No shipments')
    ).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Delivered' })).getByText('#7')
    ).toBeInTheDocument()
    expect(screen.queryByText('#8', { selector: 'li p' })).toBeNull()
  })
})

describe('My Bookings: Shipment Management', () => {
  it('offers Complete only on delivered, not completed rows; Pay now and Cancel where allowed', async () => {
    setup([
      makeBooking({ id: 1, status: 'pending', paymentStatus: 'pending', canCancel: true }),
      makeBooking({ id: 2, status: 'in_transit', canCancel: false }),
      makeBooking({ id: 3, status: 'delivered', canCancel: false, canComplete: true }),
      makeBooking({
        id: 4,
        status: 'delivered',
        canCancel: false,
        completedAt: '2025-06-09T12:00:00Z',
      }),
      makeBooking({ id: 5, status: 'delayed', canCancel: false }),
    ])
    await table()
    const complete = (id: number) =>
      within(row(id)).queryByRole('button', { name: `Complete booking #${id}` })
    expect(complete(1)).toBeNull()
    expect(complete(2)).toBeNull()
    expect(complete(3)).toBeInTheDocument()
    expect(complete(4)).toBeNull()
    expect(complete(5)).toBeNull()
    expect(within(row(4)).getByText('Completed')).toBeInTheDocument()
    expect(within(row(1)).getByRole('link', { name: 'Pay now for booking #1' })).toHaveAttribute(
      'href',
      '/payment/1'
    )
    expect(within(row(2)).queryByRole('link')).toBeNull()
    expect(within(row(1)).getByRole('button', { name: 'Cancel booking #1' })).toBeInTheDocument()
    expect(within(row(2)).queryByRole('button', { name: 'Cancel booking #2' })).toBeNull()
    expect(within(row(1)).getByText('#1')).toBeInTheDocument()
    expect(within(row(1)).getByText('Chicago, IL → Detroit, MI')).toBeInTheDocument()
    expect(within(row(1)).getByText('$3,089.06')).toBeInTheDocument()
    expect(within(row(1)).getByText('Jun 12, 2025')).toBeInTheDocument()
  })

  it("names a partner booking's carrier with its PRO number and a link to its tracking", async () => {
    setup([
      makeBooking({
        id: 5,
        carrierName: 'Lakeshore Freight LTL',
        partner: {
          carrier: 'Lakeshore Freight LTL',
          carrierKey: 'lakeshore',
          serviceLevel: 'STANDARD',
          proNumber: '1234567895',
          trackingUrl: 'https://partner.example/track/1234567895',
          confirmationNumber: 'PU-77',
          pickupWindowStart: '2025-06-12T13:00:00.000Z',
          pickupWindowEnd: '2025-06-12T21:00:00.000Z',
        },
      }),
      makeBooking({ id: 6 }),
    ])
    await table()
    const partnerRow = row(5)
    expect(within(partnerRow).getByText('Lakeshore Freight LTL')).toBeInTheDocument()
    expect(within(partnerRow).getByText('PRO 1234567895')).toBeInTheDocument()
    expect(within(partnerRow).getByText('Pickup conf. PU-77')).toBeInTheDocument()
    const link = within(partnerRow).getByRole('link', {
      name: "Track TRT-005 on Lakeshore Freight LTL's site (opens a new tab)",
    })
    expect(link).toHaveAttribute('href', 'https://partner.example/track/1234567895')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(row(6)).queryByText(/^PRO /)).toBeNull()
  })

  it('shows by when an unpaid booking must be paid, next to Pay now', async () => {
    const due = '2025-06-10T15:30:00.000Z'
    setup([
      makeBooking({ id: 1, status: 'pending', paymentStatus: 'pending', paymentDueAt: due }),
      makeBooking({ id: 2, status: 'booked', paymentDueAt: null }),
    ])
    await table()
    const local = new Date(due).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
    const payBy = within(row(1)).getByText(`Pay by ${local}`)
    expect(payBy).toHaveAttribute('title', 'Unpaid bookings are released after 30 minutes.')
    expect(within(row(2)).queryByText(/^Pay by/)).toBeNull()
  })

  it('asks before completing (it releases the payment), then completes and revalidates', async () => {
    let bookings = [makeBooking({ id: 3, status: 'delivered', canCancel: false })]
    const { calls } = setup(
      [],
      {
        'GET /api/bookings': () => ({ body: bookings }),
        'POST /api/booking/3/complete': () => {
          bookings = [{ ...bookings[0], completedAt: '2025-06-10T15:00:00Z', canComplete: false }]
          return { body: bookings[0] }
        },
      },
      '/shipper'
    )
    // The figures of Find Carriers are loaded first, then the shipper opens My Bookings.
    await screen.findByText('No upcoming shipments')
    const metricsBefore = requestsTo(calls, 'GET', '/api/shipper/dashboard-metrics').length
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Shipper dashboard' })).getByRole('link', {
        name: 'My Bookings',
      })
    )
    await table()
    fireEvent.click(screen.getByRole('button', { name: 'Complete booking #3' }))
    // Completing releases the payment: it asks first, naming the amount and that it is final.
    const confirm = await screen.findByRole('alertdialog', { name: 'Complete booking TRT-003?' })
    expect(confirm).toHaveAccessibleDescription(
      'This releases your payment of $3,089.06 to Verified carrier #4821. It cannot be undone.'
    )
    fireEvent.click(within(confirm).getByRole('button', { name: 'Not yet' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(requestsTo(calls, 'POST', '/api/booking/3/complete')).toHaveLength(0)
    expect(within(row(3)).getByRole('button', { name: 'Complete booking #3' })).toBeEnabled()

    fireEvent.click(screen.getByRole('button', { name: 'Complete booking #3' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Complete and release $3,089.06',
      })
    )
    expect((await screen.findAllByText('Shipment Completed')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Payment has been released to the carrier.').length).toBeGreaterThan(
      0
    )
    await waitFor(() => expect(within(row(3)).getByText('Completed')).toBeInTheDocument())
    expect(within(row(3)).queryByRole('button', { name: 'Complete booking #3' })).toBeNull()
    expect(requestsTo(calls, 'POST', '/api/booking/3/complete')).toHaveLength(1)
    expect(requestsTo(calls, 'GET', '/api/bookings')).toHaveLength(2)
    expect(requestsTo(calls, 'GET', '/api/shipper/dashboard-metrics').length).toBe(
      metricsBefore + 1
    )
  })

  it('says the payout was already released when the 48-hour job ran first (decision 0220)', async () => {
    setup(
      [
        makeBooking({
          id: 3,
          status: 'delivered',
          canCancel: false,
          canComplete: true,
          payoutStatus: 'paid',
          completion: {
            payout: 'already_released',
            releasedAt: '2025-06-15T14:00:00.000Z',
            autoReleaseAt: null,
            transferHeldUntil: null,
          },
        }),
      ],
      {
        'POST /api/booking/3/complete': () => ({
          body: makeBooking({ id: 3, status: 'delivered', completedAt: '2025-06-16T10:00:00Z' }),
        }),
      }
    )
    await table()
    fireEvent.click(screen.getByRole('button', { name: 'Complete booking #3' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Complete booking TRT-003?' })
    const released = formatDate('2025-06-15T14:00:00.000Z')
    expect(confirm).toHaveAccessibleDescription(
      `The carrier's payout was already released on ${released}, 48 hours after delivery. Completing confirms the delivery and closes the booking; no money moves.`
    )
    expect(within(confirm).queryByText(/releases your payment/)).toBeNull()
    fireEvent.click(within(confirm).getByRole('button', { name: 'Complete booking' }))
    expect((await screen.findAllByText('Shipment Completed')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText(
        `The carrier's payout was already released on ${released}; no money moved.`
      ).length
    ).toBeGreaterThan(0)
    expect(screen.queryByText('Payment has been released to the carrier.')).toBeNull()
  })

  it('says when the release happens now but the carrier’s transfer is held for review', async () => {
    setup(
      [
        makeBooking({
          id: 3,
          status: 'delivered',
          canCancel: false,
          canComplete: true,
          completion: {
            payout: 'releases_now',
            releasedAt: null,
            autoReleaseAt: '2025-06-15T14:00:00.000Z',
            transferHeldUntil: '2025-06-17T09:00:00.000Z',
          },
        }),
      ],
      {
        'POST /api/booking/3/complete': () => ({
          body: makeBooking({ id: 3, status: 'delivered', completedAt: '2025-06-14T10:00:00Z' }),
        }),
      }
    )
    await table()
    fireEvent.click(screen.getByRole('button', { name: 'Complete booking #3' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Complete booking TRT-003?' })
    const held = formatDateTime('2025-06-17T09:00:00.000Z')
    expect(confirm).toHaveAccessibleDescription(
      `This releases your payment of $3,089.06 to Verified carrier #4821 now, instead of automatically on ${formatDateTime('2025-06-15T14:00:00.000Z')}. It cannot be undone. The carrier's payouts are held for review until ${held}, so the transfer reaches them after that.`
    )
    fireEvent.click(within(confirm).getByRole('button', { name: 'Complete and release $3,089.06' }))
    expect(
      (
        await screen.findAllByText(
          `Payment released to the carrier; the transfer is held for review until ${held}.`
        )
      ).length
    ).toBeGreaterThan(0)
  })

  it('keeps the bookings on screen when a reload fails, saying so', async () => {
    let reads = 0
    setup([], {
      'GET /api/bookings': () =>
        ++reads === 1
          ? { body: [makeBooking({ id: 3, status: 'delivered', canCancel: false })] }
          : { status: 503, body: { message: 'Service unavailable' } },
    })
    // The 30-second poll runs on a clock the test moves (the first read is already on its way).
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    await table()
    await vi.advanceTimersByTimeAsync(31_000)
    expect(await screen.findByText(/Could not refresh your bookings/)).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Shipment Management' })).toBeInTheDocument()
    expect(screen.queryByText('Could not load your bookings')).toBeNull()
    expect(reads).toBe(2)
  })

  it('reports a failed completion', async () => {
    setup([makeBooking({ id: 3, status: 'delivered', canCancel: false })], {
      'POST /api/booking/3/complete': {
        status: 409,
        body: { message: 'This shipment is already completed' },
      },
    })
    await table()
    fireEvent.click(screen.getByRole('button', { name: 'Complete booking #3' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Complete and release $3,089.06',
      })
    )
    expect((await screen.findAllByText('Completion Failed')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('409: This shipment is already completed').length).toBeGreaterThan(0)
  })

  it('a late cancel after the pickup time says so, not "within 24 hours of the pickup"', async () => {
    const quote = {
      bookingId: 1,
      reference: 'TRT-001',
      cancellable: true,
      refusal: null,
      paid: true,
      late: true,
      lateCancelWindowHours: 24,
      pickupStartsAt: new Date(NOW.getTime() - 3 * 3_600_000).toISOString(),
      totalCents: 308906,
      refundCents: 293906,
      feeCents: 15000,
      carrierFeeCents: 13650,
      platformFeeCents: 1350,
      refundArrivesBy: '2025-06-25',
      load: 'none',
    }
    setup([makeBooking({ id: 1, status: 'booked', canCancel: true })], {
      'GET /api/bookings/1/cancellation': { body: quote },
    })
    await table()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking #1' }))
    const asked = await screen.findByRole('alertdialog')
    await within(asked).findByText('Late-cancel fee')
    expect(asked).toHaveTextContent('Cancelling after the pickup time')
    expect(asked).not.toHaveTextContent('within 24 hours')
  })

  it('cancels after confirmation, showing the refund and the late-cancel fee first', async () => {
    let bookings = [makeBooking({ id: 1, status: 'booked', canCancel: true })]
    const quote = {
      bookingId: 1,
      reference: 'TRT-001',
      cancellable: true,
      refusal: null,
      paid: true,
      late: true,
      lateCancelWindowHours: 24,
      pickupStartsAt: '2025-06-12T04:00:00.000Z',
      totalCents: 308906,
      refundCents: 293906,
      feeCents: 15000,
      carrierFeeCents: 13650,
      platformFeeCents: 1350,
      refundArrivesBy: '2025-06-25',
      load: 'none',
    }
    const { calls } = setup([], {
      'GET /api/bookings': () => ({ body: bookings }),
      'GET /api/bookings/1/cancellation': { body: quote },
      'POST /api/bookings/1/cancel': () => {
        bookings = [
          {
            ...bookings[0],
            status: 'cancelled',
            paymentStatus: 'refunded',
            cancellationFeeCents: 15000,
            canCancel: false,
          },
        ]
        return { body: bookings[0] }
      },
    })
    await table()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking #1' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel booking TRT-001?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(requestsTo(calls, 'POST', '/api/bookings/1/cancel')).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking #1' }))
    const asked = await screen.findByRole('alertdialog')
    const terms = await within(asked).findByText('Late-cancel fee')
    expect(terms).toBeInTheDocument()
    expect(asked).toHaveTextContent('$2,939.06')
    expect(asked).toHaveTextContent('$150.00')
    expect(asked).toHaveTextContent('$136.50 of it is paid to the carrier')
    expect(asked).toHaveTextContent('reaches your card by Jun 25, 2025')
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel and refund $2,939.06' }))
    expect((await screen.findAllByText('Booking cancelled')).length).toBeGreaterThan(0)
    await waitFor(() => expect(within(row(1)).getByText('Cancelled')).toBeInTheDocument())
    expect(within(row(1)).getByText('Refunded')).toBeInTheDocument()
    expect(within(row(1)).getByText('Late-cancel fee $150.00')).toBeInTheDocument()
    expect(within(row(1)).queryByRole('button', { name: 'Cancel booking #1' })).toBeNull()
    expect(requestsTo(calls, 'POST', '/api/bookings/1/cancel')).toHaveLength(1)
  })

  it('says what becomes of a freight-board load: back on the board, refunded only when paid', async () => {
    const boardQuote = (paid: boolean) => ({
      bookingId: paid ? 2 : 1,
      reference: paid ? 'TRT-002' : 'TRT-001',
      cancellable: true,
      refusal: null,
      paid,
      late: true,
      lateCancelWindowHours: 24,
      pickupStartsAt: '2025-06-11T04:00:00.000Z',
      totalCents: 64000,
      refundCents: paid ? 49000 : 0,
      feeCents: paid ? 15000 : 0,
      carrierFeeCents: paid ? 13650 : 0,
      platformFeeCents: paid ? 1350 : 0,
      refundArrivesBy: paid ? '2025-06-25' : null,
      load: 'back_on_board_unfunded',
    })
    setup(
      [
        makeBooking({ id: 1, status: 'booked', paymentStatus: 'pending', canCancel: true }),
        makeBooking({ id: 2, status: 'booked', canCancel: true }),
      ],
      {
        'GET /api/bookings/1/cancellation': { body: boardQuote(false) },
        'GET /api/bookings/2/cancellation': { body: boardQuote(true) },
      }
    )
    await table()

    // Claimed from an unfunded load and never paid: nothing to refund, no pallet space to free.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking #1' }))
    let asked = await screen.findByRole('alertdialog', { name: 'Cancel booking TRT-001?' })
    await within(asked).findByText('Your load')
    expect(asked).toHaveTextContent('Goes back on the freight board, open and unfunded')
    expect(asked).toHaveTextContent('Nothing was charged')
    expect(asked).not.toHaveTextContent('part of this refund')
    expect(asked).not.toHaveTextContent('pallet space')
    expect(asked).toHaveAccessibleDescription(
      'The carrier is told by email and your load goes back on the freight board. A cancelled booking cannot be restored.'
    )
    fireEvent.click(within(asked).getByRole('button', { name: 'Keep booking' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())

    // Paid (the load was funded): its funding comes back with the refund, less the late fee.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking #2' }))
    asked = await screen.findByRole('alertdialog', { name: 'Cancel booking TRT-002?' })
    await within(asked).findByText('Your load')
    expect(asked).toHaveTextContent('Its funding is part of this refund')
    expect(asked).not.toHaveTextContent('pallet space')
  })

  it('keeps Cancel disabled until the terms load, and says when they cannot', async () => {
    const bookings = [makeBooking({ id: 1, status: 'booked', canCancel: true })]
    setup(bookings, {
      'GET /api/bookings/1/cancellation': {
        status: 500,
        body: { message: 'Internal server error' },
      },
    })
    await table()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking #1' }))
    const asked = await screen.findByRole('alertdialog')
    expect(
      await within(asked).findByText(/The cancellation terms could not be loaded/)
    ).toBeInTheDocument()
    expect(within(asked).getByRole('button', { name: 'Cancel booking' })).toBeDisabled()
    expect(within(asked).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('an unpaid cancelled booking reads Cancelled, not Awaiting payment', async () => {
    setup([
      makeBooking({
        id: 38,
        status: 'cancelled',
        paymentStatus: 'pending',
        cancellationFeeCents: 0,
        canCancel: false,
      }),
    ])
    await table()
    expect(within(row(38)).getByText('Cancelled')).toBeInTheDocument()
    expect(within(row(38)).queryByText('Awaiting payment')).toBeNull()
  })

  it('shows skeletons while loading and an error with a retry when loading fails', async () => {
    let fail = true
    let answer: () => void = () => undefined
    const held = new Promise<void>((resolve) => (answer = resolve))
    setup([], {
      'GET /api/bookings': async () => {
        if (!fail) return { body: [] }
        await held
        return { status: 500, body: { message: 'Internal server error' } }
      },
    })
    expect(await screen.findByLabelText('Loading bookings')).toBeInTheDocument()
    answer()
    expect(await screen.findByText('Could not load your bookings')).toBeInTheDocument()
    expect(
      screen.getByText('The server could not answer. Try again; if it keeps failing, tell support.')
    ).toBeInTheDocument()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No bookings yet')).toBeInTheDocument()
  })
})
