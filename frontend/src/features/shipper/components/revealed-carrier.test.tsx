import { describe, expect, it } from 'vitest'
import { configure, screen, within } from '@testing-library/react'
import { mockFetch, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { makeBooking, makeMetrics } from '@/features/shipper/testing/fixtures'

configure({ asyncUtilTimeout: 5000 })

// Booking 1 is paid: the server sends the carrier. Booking 2 awaits payment: label only.
const paid = makeBooking({
  id: 1,
  status: 'in_transit',
  paymentStatus: 'paid',
  carrierName: 'Verified carrier #4821',
  carrier: {
    companyName: 'Great Lakes Freight',
    contactName: 'Dana Cole',
    email: 'dispatch@lakes.test',
    phone: '3125550100',
    dotNumber: '1234567',
    mcNumber: 'MC-765432',
  },
})
const unpaid = makeBooking({
  id: 2,
  status: 'pending',
  paymentStatus: 'pending',
  carrierName: 'Verified carrier #1932',
  carrier: null,
})

function setup(url: string, routes: Record<string, MockRoute> = {}) {
  setXsrfCookie()
  mockFetch({
    'GET /api/user': { body: makeUser({ role: 'shipper' }) },
    'GET /api/bookings': { body: [paid, unpaid] },
    'GET /api/shipper/dashboard-metrics': { body: makeMetrics() },
    'GET /api/bookings/1/history': { body: [] },
    'GET /api/bookings/2/history': { body: [] },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  return renderApp(url)
}

describe('Shipper screens after payment', () => {
  it('name the paid booking’s carrier in the table and on the status board', async () => {
    setup('/shipper#bookings')
    const table = await screen.findByRole('table', { name: 'Shipment Management' })
    const paidRow = within(table).getByRole('row', { name: 'Booking #1' })
    expect(within(paidRow).getByText('Great Lakes Freight')).toBeInTheDocument()
    expect(within(paidRow).queryByText('Verified carrier #4821')).toBeNull()
    const unpaidRow = within(table).getByRole('row', { name: 'Booking #2' })
    expect(within(unpaidRow).getByText('Verified carrier #1932')).toBeInTheDocument()

    const inTransit = screen.getByRole('region', { name: 'In Transit' })
    expect(within(inTransit).getByText('Great Lakes Freight')).toBeInTheDocument()
  })

  it('name the paid booking’s carrier on its tracking card', async () => {
    setup('/shipper#tracking')
    const card = await screen.findByRole('article', { name: 'Tracking TRT-001' })
    expect(within(card).getByText(/Great Lakes Freight/)).toBeInTheDocument()
    expect(within(card).queryByText(/Verified carrier #4821/)).toBeNull()
  })
})
