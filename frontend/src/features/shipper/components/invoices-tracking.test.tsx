import { describe, expect, it, vi } from 'vitest'
import { configure, screen, within } from '@testing-library/react'
import { mockFetch, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { makeBooking } from '@/features/shipper/testing/fixtures'

// The first render loads the lazy /shipper route chunk, which is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 })

function setup(url: string, routes: Record<string, MockRoute>) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2025-06-10T15:00:00Z'))
  setXsrfCookie()
  mockFetch({
    'GET /api/user': { body: makeUser({ role: 'shipper' }) },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  return renderApp(url)
}

describe('Invoices tab', () => {
  it("lists the shipper's invoices", async () => {
    setup('/shipper#invoices', {
      'GET /api/shipper/invoices': {
        body: [
          {
            id: 1,
            invoiceNumber: 'INV-2025-0001',
            bookingId: 7,
            bookingReference: 'TRT-007',
            amount: 3089.06,
            status: 'pending',
            dueDate: '2025-07-10',
            createdAt: '2025-06-10T12:00:00.000Z',
            pickupCity: 'Chicago',
            pickupState: 'IL',
            deliveryCity: 'Detroit',
            deliveryState: 'MI',
          },
        ],
      },
    })
    const row = await screen.findByRole('row', { name: 'Invoice INV-2025-0001' })
    expect(within(row).getByText('TRT-007')).toBeInTheDocument()
    expect(within(row).getByText('Pending')).toBeInTheDocument()
    expect(within(row).getByText('Chicago, IL → Detroit, MI')).toBeInTheDocument()
    expect(within(row).getByText('$3,089.06')).toBeInTheDocument()
    expect(within(row).getByText('Jul 10, 2025')).toBeInTheDocument()
    expect(screen.queryByText(/coming soon/i)).toBeNull()
  })

  it('shows an empty state without invoices', async () => {
    setup('/shipper#invoices', { 'GET /api/shipper/invoices': { body: [] } })
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument()
  })

  it('shows the error when invoices cannot load', async () => {
    setup('/shipper#invoices', {
      'GET /api/shipper/invoices': { status: 500, body: { message: 'Internal server error' } },
    })
    expect(await screen.findByText('Could not load invoices')).toBeInTheDocument()
  })
})

describe('Tracking tab', () => {
  it('shows each active shipment with its progress and status history', async () => {
    setup('/shipper#tracking', {
      'GET /api/bookings': {
        body: [
          makeBooking({ id: 1, status: 'in_transit', pickupDate: '2025-06-09' }),
          makeBooking({ id: 2, status: 'cancelled' }),
          makeBooking({ id: 3, status: 'delivered', completedAt: '2025-06-09T10:00:00Z' }),
          makeBooking({ id: 4, status: 'booked', pickupDate: '2025-06-12' }),
        ],
      },
      'GET /api/bookings/1/history': {
        body: [
          {
            fromStatus: null,
            toStatus: 'pending',
            changedAt: '2025-06-01T14:00:00.000Z',
            changedBy: { id: 5, name: 'Pat Lee', role: 'shipper' },
            note: null,
          },
          {
            fromStatus: 'pending',
            toStatus: 'booked',
            changedAt: '2025-06-01T14:05:00.000Z',
            changedBy: null,
            note: 'Payment confirmed',
          },
          {
            fromStatus: 'booked',
            toStatus: 'in_transit',
            changedAt: '2025-06-09T13:30:00.000Z',
            changedBy: { id: 9, name: 'Cora Carrier', role: 'carrier' },
            note: null,
          },
        ],
      },
      'GET /api/bookings/4/history': {
        body: [
          {
            fromStatus: null,
            toStatus: 'pending',
            changedAt: '2025-06-05T14:00:00.000Z',
            changedBy: { id: 5, name: 'Pat Lee', role: 'shipper' },
            note: null,
          },
        ],
      },
    })
    const first = await screen.findByRole('article', { name: 'Tracking TRT-001' })
    expect(screen.getByRole('article', { name: 'Tracking TRT-004' })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Tracking TRT-002' })).toBeNull()
    expect(screen.queryByRole('article', { name: 'Tracking TRT-003' })).toBeNull()

    const progress = within(first).getByRole('progressbar', { name: 'Shipment progress' })
    expect(progress).toHaveAttribute('aria-valuenow', '67')
    expect(progress).toHaveAttribute('aria-valuetext', 'In Transit')
    const history = await within(first).findByRole('list', { name: 'Status history' })
    const steps = within(history).getAllByRole('listitem')
    expect(steps).toHaveLength(3)
    expect(within(steps[0]).getByText('Pending')).toBeInTheDocument()
    expect(within(steps[0]).getByText(/Pat Lee/)).toBeInTheDocument()
    expect(within(steps[1]).getByText(/PalletLine/)).toBeInTheDocument()
    expect(within(steps[1]).getByText('Payment confirmed')).toBeInTheDocument()
    expect(within(steps[2]).getByText('In Transit')).toBeInTheDocument()
    // The carrier appears as the booking names it, never by a person's name from the history.
    expect(within(steps[2]).getByText(/Verified carrier #4821/)).toBeInTheDocument()
    expect(within(first).queryByText(/Cora Carrier/)).toBeNull()

    const second = screen.getByRole('article', { name: 'Tracking TRT-004' })
    expect(within(second).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33')
  })

  it('says so when nothing is under way', async () => {
    setup('/shipper#tracking', {
      'GET /api/bookings': { body: [makeBooking({ id: 2, status: 'cancelled' })] },
    })
    expect(await screen.findByText('No active shipments')).toBeInTheDocument()
    expect(screen.queryByText(/coming soon/i)).toBeNull()
  })
})
