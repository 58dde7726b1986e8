import { describe, expect, it, vi } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { makeBooking, makeMetrics, makeResult } from '@/features/shipper/testing/fixtures'

// The first render loads the lazy /shipper route chunk, which is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 })

const NOW = new Date('2025-06-10T15:00:00Z')

function setup(routes: Record<string, MockRoute> = {}, url = '/shipper') {
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
  return { ...renderApp(url), ...mock }
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** Searches four pallets Chicago to Detroit and opens the booking dialog of the one result. */
async function openDialog() {
  await screen.findByRole('form', { name: 'Ship My Freight' })
  type('Pickup Address', 'Chicago, IL')
  type('Delivery Address', 'Detroit, MI')
  type('Number of Pallets', '4')
  fireEvent.click(screen.getByRole('button', { name: 'Search Carriers' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Book Now' }))
  const dialog = await screen.findByRole('dialog', { name: 'Create Booking' })
  fireEvent.change(within(dialog).getByLabelText('Delivery Date'), {
    target: { value: '2025-06-12' },
  })
  return dialog
}

const preview = (dialog: HTMLElement) =>
  within(dialog).getByRole('status', { name: 'Density and freight class' })

describe('Create Booking: freight details (docs/decisions/0257)', () => {
  it('previews density and class as the shipper types, and sends the freight object', async () => {
    const created = makeBooking({ id: 7, paymentStatus: 'pending', status: 'pending' })
    const { calls } = setup({ 'POST /api/bookings': { status: 201, body: created } })
    const dialog = await openDialog()
    const field = (label: string) => within(dialog).getByLabelText(label)

    // The default load's pallet until something is typed: 4 x 1,000 lb on 48 x 40 x 60 in.
    await waitFor(() => expect(preview(dialog)).toHaveTextContent('Density 15 lb/cu ft'))
    expect(preview(dialog)).toHaveTextContent('NMFC class 70')
    expect(field('Weight (lbs)')).toHaveAttribute('placeholder', '4000')

    fireEvent.change(field('Weight (lbs)'), { target: { value: '3000' } })
    fireEvent.change(field('Height (in)'), { target: { value: '48' } })
    expect(preview(dialog)).toHaveTextContent('Density 14.06 lb/cu ft')
    expect(preview(dialog)).toHaveTextContent('NMFC class 85')
    // At the 22.5 edge the band is exact: 4 x 1,500 lb on 48 x 40 x 60 in is class 65.
    fireEvent.change(field('Weight (lbs)'), { target: { value: '6000' } })
    fireEvent.change(field('Height (in)'), { target: { value: '60' } })
    expect(preview(dialog)).toHaveTextContent('NMFC class 65')
    fireEvent.change(field('Weight (lbs)'), { target: { value: '0' } })
    expect(preview(dialog)).toHaveTextContent('Density and class show once')
    fireEvent.change(field('Weight (lbs)'), { target: { value: '3000' } })
    fireEvent.change(field('Height (in)'), { target: { value: '48' } })

    fireEvent.change(field('Commodity'), { target: { value: 'Latex paint' } })
    fireEvent.change(field('Consignee'), { target: { value: 'Motor City Hardware' } })
    fireEvent.change(field('Pieces'), { target: { value: '96' } })
    fireEvent.click(field('Hazardous materials (hazmat)'))
    // A bad UN number is caught before anything is sent, and its input focused.
    fireEvent.change(field('UN number'), { target: { value: 'UN12' } })
    fireEvent.change(field('Hazard class'), { target: { value: '3' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Booking' }))
    expect(
      await within(dialog).findByText(
        'UN number must be UN followed by four digits, UN0000 to UN3999'
      )
    ).toBeInTheDocument()
    expect(field('UN number')).toHaveFocus()
    expect(requestsTo(calls, 'POST', '/api/bookings')).toHaveLength(0)

    fireEvent.change(field('UN number'), { target: { value: 'un1263' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Booking' }))
    await waitFor(() => expect(requestsTo(calls, 'POST', '/api/bookings')).toHaveLength(1))
    expect(requestsTo(calls, 'POST', '/api/bookings')[0].body).toMatchObject({
      numberOfPallets: 4,
      weightLbs: 3000,
      freight: {
        commodity: 'Latex paint',
        pieces: 96,
        packaging: 'PALLET',
        consignee: 'Motor City Hardware',
        dims: { l: null, w: null, h: 48 },
        hazmat: { unNumber: 'UN1263', hazardClass: '3' },
      },
    })
  })

  it('an untouched section sends no freight; the server’s field errors land on their inputs', async () => {
    const { calls } = setup({
      'POST /api/bookings': {
        status: 422,
        body: {
          errors: [
            {
              field: 'freight.hazmat.hazardClass',
              message: 'Hazard class must be 1 to 9, with its division (e.g. 2.1, 3, 6.1)',
              rule: 'regex',
            },
          ],
        },
      },
    })
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Booking' }))
    await waitFor(() => expect(requestsTo(calls, 'POST', '/api/bookings')).toHaveLength(1))
    const body = requestsTo(calls, 'POST', '/api/bookings')[0].body as Record<string, unknown>
    expect(body).not.toHaveProperty('freight')
    expect(body).not.toHaveProperty('weightLbs')

    fireEvent.click(within(dialog).getByLabelText('Hazardous materials (hazmat)'))
    fireEvent.change(within(dialog).getByLabelText('UN number'), { target: { value: 'UN1263' } })
    fireEvent.change(within(dialog).getByLabelText('Hazard class'), { target: { value: '3' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Booking' }))
    await waitFor(() => expect(requestsTo(calls, 'POST', '/api/bookings')).toHaveLength(2))
    expect(
      await within(dialog).findByText(
        'Hazard class must be 1 to 9, with its division (e.g. 2.1, 3, 6.1)'
      )
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Hazard class')).toHaveAttribute('aria-invalid', 'true')
  })

  it('a booking with freight shows its class, commodity and hazmat line in the list', async () => {
    setup(
      {
        'GET /api/bookings': {
          body: [
            makeBooking({
              id: 9,
              freight: {
                commodity: 'Latex paint',
                pieces: 96,
                packaging: 'PALLET',
                consignee: 'Motor City Hardware',
                hazmat: { unNumber: 'UN1263', hazardClass: '3' },
                densityPcf: 14.06,
                freightClass: 85,
              },
            }),
          ],
        },
      },
      '/shipper#bookings'
    )
    await screen.findByRole('table', { name: 'Shipment Management' })
    const row = screen.getByRole('row', { name: 'Booking #9' })
    expect(row).toHaveTextContent('Class 85 (14.06 lb/cu ft)')
    expect(row).toHaveTextContent('Latex paint')
    expect(row).toHaveTextContent('Hazmat UN1263, hazard class 3')
  })
})
