import { describe, expect, it, vi } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockResponse, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { makeBooking, makeMetrics, makeResult } from '@/features/shipper/testing/fixtures'

// The first render loads the lazy /shipper route chunk, which is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 })

// 11:00 in New York on June 10th, 2025.
const NOW = new Date('2025-06-10T15:00:00Z')
const TODAY = '2025-06-10'

function setup(routes: Record<string, MockRoute> = {}) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'shipper' }) },
    'GET /api/shipper/dashboard-metrics': { body: makeMetrics() },
    'GET /api/bookings': { body: [] },
    'POST /api/listings/search': { body: [makeResult()] },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  return { ...renderApp('/shipper'), ...mock }
}

const form = () => screen.findByRole('form', { name: 'Ship My Freight' })
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

async function search(pallets = '4') {
  await form()
  type('Pickup Address', 'Chicago, IL')
  type('Delivery Address', 'Detroit, MI')
  type('Number of Pallets', pallets)
  fireEvent.click(screen.getByRole('button', { name: 'Search Carriers' }))
}

function analyticsEvents(calls: ReturnType<typeof mockFetch>['calls']) {
  return requestsTo(calls, 'POST', '/api/analytics/events').map(
    (c) => c.body as { name: string; properties?: Record<string, unknown> }
  )
}

describe('Find Carriers: search form', () => {
  it('shows the Missing Information toast and sends nothing while required fields are empty', async () => {
    const { calls } = setup()
    await form()
    type('Pickup Address', 'Chicago, IL')
    fireEvent.click(screen.getByRole('button', { name: 'Search Carriers' }))
    expect((await screen.findAllByText('Missing Information')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Please fill in all required fields').length).toBeGreaterThan(0)
    expect(document.querySelector('li.toast-root')).toHaveAttribute('data-variant', 'destructive')
    expect(screen.getByLabelText('Delivery Address')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Pickup Address')).not.toHaveAttribute('aria-invalid')
    expect(requestsTo(calls, 'POST', '/api/listings/search')).toHaveLength(0)
  })

  it('defaults the pickup date to today, refuses past days and falls back to today when cleared', async () => {
    setup()
    await form()
    const date = screen.getByLabelText('Pickup Date')
    expect(date).toHaveValue(TODAY)
    expect(date).toHaveAttribute('min', TODAY)
    fireEvent.change(date, { target: { value: '2025-07-04' } })
    expect(date).toHaveValue('2025-07-04')
    fireEvent.change(date, { target: { value: '' } })
    expect(date).toHaveValue(TODAY)
  })

  it('keeps pallets between 1 and 100', async () => {
    const { calls } = setup()
    await search('101')
    expect(
      await screen.findByText('Number of pallets must be between 1 and 100')
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/listings/search')).toHaveLength(0)
  })

  it('searches, toasts the count and shows each carrier with an itemised price', async () => {
    const { calls } = setup({
      'POST /api/listings/search': {
        body: [
          makeResult(),
          makeResult({ id: 12, listingId: 12, carrierLabel: 'Verified carrier #0917' }),
        ],
      },
    })
    await search()
    expect((await screen.findAllByText('Search successful')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Found 2 available carrier(s)').length).toBeGreaterThan(0)
    const [post] = requestsTo(calls, 'POST', '/api/listings/search')
    expect(post.body).toEqual({
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI',
      numberOfPallets: 4,
      pickupDate: TODAY,
    })
    expect(screen.getByRole('heading', { name: /Available Carriers\s*2/ })).toBeInTheDocument()

    const card = screen.getByRole('article', { name: 'Verified carrier #4821' })
    expect(within(card).getByText('Verified')).toBeInTheDocument()
    expect(within(card).getByText('96% on time · 25 completed loads')).toBeInTheDocument()
    expect(within(card).getByText('Dry Van')).toBeInTheDocument()
    expect(within(card).getByText('$2.50/mile/pallet')).toBeInTheDocument()
    expect(within(card).getByText('283.4 mi')).toBeInTheDocument()
    expect(within(card).getByText('8 of 10 pallets')).toBeInTheDocument()
    const price = within(card).getByLabelText('Price breakdown')
    expect(within(price).getByText('(4 pallets × 283.4 mi × $2.50)')).toBeInTheDocument()
    expect(within(price).getByText('$2,834.00')).toBeInTheDocument()
    expect(within(price).getByText('Platform fee (9%)')).toBeInTheDocument()
    expect(within(price).getByText('$255.06')).toBeInTheDocument()
    expect(within(price).getByText('$3,089.06')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Carrier Details' })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Book Now' })).toBeInTheDocument()

    await waitFor(() =>
      expect(analyticsEvents(calls)).toContainEqual(
        expect.objectContaining({
          name: 'search',
          properties: { numberOfPallets: 4, results: 2 },
        })
      )
    )
  })

  it('suggests widening the search when nothing matches', async () => {
    setup({ 'POST /api/listings/search': { body: [] } })
    await search()
    // On the page and in the toast (the Toaster's code comes with the first toast).
    await waitFor(() =>
      expect(
        screen.getAllByText('Try expanding your search radius or adjusting your pickup location.')
          .length
      ).toBeGreaterThan(1)
    )
    expect(screen.getByRole('heading', { name: /Available Carriers\s*0/ })).toBeInTheDocument()
  })

  it("shows the server's message when the search fails and marks the field", async () => {
    const { calls } = setup({
      'POST /api/listings/search': {
        status: 422,
        body: {
          message: 'We could not find "Nowhere" on the map',
          errors: [
            {
              field: 'pickupAddress',
              message: 'We could not find "Nowhere" on the map',
              rule: 'geocode',
            },
          ],
        },
      },
    })
    await search()
    expect((await screen.findAllByText('Search failed')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText('422: We could not find "Nowhere" on the map').length
    ).toBeGreaterThan(0)
    expect(screen.getByLabelText('Pickup Address')).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() =>
      expect(analyticsEvents(calls).map((e) => e.name)).toContain('search_failed')
    )
  })
})

describe('Find Carriers: carrier details and booking', () => {
  it('opens the anonymous carrier profile', async () => {
    setup({
      'GET /api/listings/11/carrier-profile': {
        body: {
          ...makeResult().carrierProfile,
          equipmentTypes: ['dry_van', 'refrigerated'],
          trucks: 3,
          lanes: [
            {
              pickupCity: 'Chicago',
              pickupState: 'IL',
              deliveryCity: 'Detroit',
              deliveryState: 'MI',
            },
          ],
        },
      },
    })
    await search()
    fireEvent.click(await screen.findByRole('button', { name: 'Carrier Details' }))
    const dialog = await screen.findByRole('dialog', { name: 'Carrier Details' })
    expect(await within(dialog).findByText('March 2025')).toBeInTheDocument()
    expect(within(dialog).getByText('96%')).toBeInTheDocument()
    expect(within(dialog).getByText('Reefer')).toBeInTheDocument()
    expect(within(dialog).getByText('3')).toBeInTheDocument()
    expect(within(dialog).getByText('Chicago, IL → Detroit, MI')).toBeInTheDocument()
    expect(within(dialog).queryByText(/coming soon/i)).toBeNull()
  })

  it('checks the dates, books with the searched addresses and offers to pay', async () => {
    const created = makeBooking({ id: 7, status: 'pending', paymentStatus: 'pending' })
    const { calls } = setup({ 'POST /api/bookings': { status: 201, body: created } })
    await search()
    fireEvent.click(await screen.findByRole('button', { name: 'Book Now' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Booking' })
    expect(within(dialog).getByText('Verified carrier #4821')).toBeInTheDocument()
    expect(within(dialog).getByText(/identity is revealed after payment/)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Pickup Location')).toHaveValue('Chicago, IL')
    expect(within(dialog).getByLabelText('Pickup Location')).toHaveAttribute('readonly')
    expect(within(dialog).getByLabelText('Delivery Location')).toHaveValue('Detroit, MI')
    const pickup = within(dialog).getByLabelText('Pickup Date')
    const delivery = within(dialog).getByLabelText('Delivery Date')
    expect(pickup).toHaveValue(TODAY)
    expect(delivery).toHaveValue('')
    const summary = within(dialog).getByLabelText('Pricing summary')
    expect(within(summary).getByText('$3,089.06')).toBeInTheDocument()

    const submit = within(dialog).getByRole('button', { name: 'Create Booking' })
    fireEvent.click(submit)
    expect(
      await within(dialog).findByText(
        'Missing information: Please select both pickup and delivery dates.'
      )
    ).toBeInTheDocument()

    fireEvent.change(pickup, { target: { value: '2025-06-09' } })
    fireEvent.change(delivery, { target: { value: '2025-06-12' } })
    fireEvent.click(submit)
    expect(
      await within(dialog).findByText('Pickup date cannot be earlier than today')
    ).toBeInTheDocument()

    fireEvent.change(pickup, { target: { value: '2025-06-13' } })
    fireEvent.click(submit)
    expect(
      await within(dialog).findByText('Delivery date cannot be earlier than the pickup date')
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/bookings')).toHaveLength(0)

    fireEvent.change(delivery, { target: { value: '2025-06-14' } })
    fireEvent.change(within(dialog).getByLabelText('Special Instructions (optional)'), {
      target: { value: 'Dock 4, call ahead' },
    })
    const metricsBefore = requestsTo(calls, 'GET', '/api/shipper/dashboard-metrics').length
    fireEvent.click(submit)

    expect((await screen.findAllByText('Booking created successfully')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Your booking TRT-007 has been created.').length).toBeGreaterThan(0)
    expect(requestsTo(calls, 'POST', '/api/bookings')[0].body).toEqual({
      listingId: 11,
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI',
      numberOfPallets: 4,
      pickupDate: '2025-06-13',
      deliveryDate: '2025-06-14',
      specialInstructions: 'Dock 4, call ahead',
    })
    // One Idempotency-Key per submission, so a retried request books once.
    expect(requestsTo(calls, 'POST', '/api/bookings')[0].headers['idempotency-key']).toMatch(
      /^[0-9a-f-]{36}$/
    )
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Booking' })).toBeNull())
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/payment/7')
    await waitFor(() =>
      expect(requestsTo(calls, 'GET', '/api/shipper/dashboard-metrics').length).toBe(
        metricsBefore + 1
      )
    )
    // The results refresh to show the capacity left.
    await waitFor(() => expect(requestsTo(calls, 'POST', '/api/listings/search')).toHaveLength(2))
    expect(analyticsEvents(calls).map((e) => e.name)).toContain('begin_checkout')
  })

  it("keeps the dialog open and shows the server's message when booking fails", async () => {
    setup({
      'POST /api/bookings': {
        status: 409,
        body: { message: 'Only 2 pallets are left on this listing' },
      },
    })
    await search()
    fireEvent.click(await screen.findByRole('button', { name: 'Book Now' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Booking' })
    fireEvent.change(within(dialog).getByLabelText('Delivery Date'), {
      target: { value: '2025-06-12' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Booking' }))
    expect((await screen.findAllByText('Booking failed')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText('409: Only 2 pallets are left on this listing').length
    ).toBeGreaterThan(0)
    expect(document.querySelector('li.toast-root')).toHaveAttribute('data-variant', 'destructive')
    expect(screen.getByRole('dialog', { name: 'Create Booking' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Create Booking' })).toBeEnabled()
  })
})

describe('Find Carriers: dashboard cards', () => {
  it('shows upcoming shipments and the estimated savings with its assumption', async () => {
    setup({
      'GET /api/shipper/dashboard-metrics': {
        body: makeMetrics({
          upcoming: [
            {
              id: 9,
              reference: 'TRT-009',
              carrier_name: 'Verified carrier #4821',
              pickup_address: 'Chicago, IL',
              delivery_address: 'Detroit, MI',
              num_pallets: 4,
              pickup_date: '2025-06-12',
              status: 'booked',
              totalAmount: 3089.06,
            },
          ],
          estimatedSavings: 1234.5,
          savingsBasis: {
            bookings: 3,
            periodMonths: 6,
            referenceRatePerPalletMile: 0.5,
            paid: 4200,
          },
        }),
      },
    })
    const upcoming = await screen.findByRole('list', { name: 'Upcoming shipments' })
    expect(within(upcoming).getByText('Chicago, IL → Detroit, MI')).toBeInTheDocument()
    expect(within(upcoming).getByText(/Pickup Jun 12, 2025/)).toBeInTheDocument()
    expect(screen.getByLabelText('Estimated savings')).toHaveTextContent('$1,234.50')
    expect(screen.getByText(/3 bookings/)).toHaveTextContent(
      /reference LTL market rate of \$0\.50 per pallet-mile/
    )
    expect(screen.getByText(/past 6 months\./)).toBeInTheDocument()
  })

  it('shows an error with a retry when the figures cannot load', async () => {
    setup({
      'GET /api/shipper/dashboard-metrics': {
        status: 500,
        body: { message: 'Internal server error' },
      },
    })
    expect(await screen.findByText('Could not load upcoming shipments')).toBeInTheDocument()
    expect(screen.getByText('Could not load estimated savings')).toBeInTheDocument()
  })
})

describe('Find Carriers: paging', () => {
  const offer = (id: number) =>
    makeResult({ id, listingId: id, carrierLabel: `Verified carrier #${1000 + id}` })
  const page = (first: number, count: number) =>
    Array.from({ length: count }, (_, i) => offer(first + i))

  it('shows the total, loads the next page with a loading state and stops on the last', async () => {
    let releaseSecond: () => void = () => undefined
    const { calls } = setup({
      'POST /api/listings/search': async (req): Promise<MockResponse> => {
        const body = req.body as { page?: number }
        if (!body.page) {
          return { body: page(1, 20), headers: { 'X-Total-Count': '23', 'X-Next-Page': '2' } }
        }
        await new Promise<void>((resolve) => (releaseSecond = resolve))
        return { body: page(21, 3), headers: { 'X-Total-Count': '23' } }
      },
    })
    await search()
    expect(
      await screen.findByRole('heading', { name: /Available Carriers\s*23/ })
    ).toBeInTheDocument()
    expect((await screen.findAllByText('Found 23 available carrier(s)')).length).toBeGreaterThan(0)
    expect(screen.getAllByRole('article')).toHaveLength(20)
    expect(screen.getByText('Showing 20 of 23 carriers')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Load more carriers' }))
    const loading = await screen.findByRole('button', { name: /Loading more/ })
    expect(loading).toBeDisabled()
    const posts = requestsTo(calls, 'POST', '/api/listings/search')
    expect(posts).toHaveLength(2)
    expect(posts[1].body).toEqual({
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI',
      numberOfPallets: 4,
      pickupDate: TODAY,
      page: 2,
    })

    releaseSecond()
    expect(await screen.findByText('Showing 23 of 23 carriers')).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(23)
    expect(screen.getByRole('article', { name: 'Verified carrier #1023' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Load more|Loading more/ })).toBeNull()
  })

  it('keeps the shown offers and says so when the next page fails', async () => {
    setup({
      'POST /api/listings/search': (req): MockResponse =>
        (req.body as { page?: number }).page
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { body: page(1, 20), headers: { 'X-Total-Count': '30', 'X-Next-Page': '2' } },
    })
    await search()
    fireEvent.click(await screen.findByRole('button', { name: 'Load more carriers' }))
    expect((await screen.findAllByText('Could not load more carriers')).length).toBeGreaterThan(0)
    expect(screen.getAllByRole('article')).toHaveLength(20)
    expect(screen.getByRole('button', { name: 'Load more carriers' })).toBeEnabled()
  })
})
