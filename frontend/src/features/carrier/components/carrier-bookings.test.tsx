import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { CarrierBooking } from '@/features/carrier/api/get-carrier-bookings'
import { FIRST_PAINT, makeCarrierBooking, renderCarrier } from '@/features/carrier/testing/fixtures'
import { requestsTo } from '@/testing/mock-fetch'

const options = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => ({ value: o.value, disabled: o.disabled }))

describe('carrier bookings', () => {
  it('offers the updater choices, disabling those the status machine does not allow', async () => {
    renderCarrier('/carrier#bookings', {
      'GET /api/carrier/bookings': { body: [makeCarrierBooking()] },
    })
    const select = await screen.findByLabelText('Status for TRT-007', {}, FIRST_PAINT)
    expect(select).toHaveValue('confirmed')
    expect(options(select)).toEqual([
      { value: 'booked', disabled: false },
      { value: 'confirmed', disabled: false },
      { value: 'in_transit', disabled: false },
      { value: 'delivered', disabled: true },
      { value: 'delayed', disabled: false },
    ])
    const update = screen.getByRole('button', { name: 'Update status of TRT-007' })
    expect(update).toBeDisabled()
    fireEvent.change(select, { target: { value: 'in_transit' } })
    expect(update).toBeEnabled()
    fireEvent.change(select, { target: { value: 'confirmed' } })
    expect(update).toBeDisabled()
  })

  it('does not offer Delivered while the server would refuse it, and says why', async () => {
    const reason =
      'A proof of delivery is missing: upload the POD to the booking (or record an exception) before marking it delivered'
    renderCarrier('/carrier#bookings', {
      'GET /api/carrier/bookings': {
        body: [
          makeCarrierBooking({
            status: 'in_transit',
            allowedStatuses: ['delayed'],
            deliveryBlockedReason: reason,
          }),
        ],
      },
    })
    const select = await screen.findByLabelText('Status for TRT-007', {}, FIRST_PAINT)
    expect(options(select).find((o) => o.value === 'delivered')).toEqual({
      value: 'delivered',
      disabled: true,
    })
    const card = screen.getByRole('listitem', { name: 'TRT-007' })
    expect(within(card).getByText(`Delivered is not open yet: ${reason}`)).toBeInTheDocument()
  })

  it('does not offer In Transit before the pickup, and says why', async () => {
    const reason =
      'The pickup date (2025-03-14) has not come yet: a booking cannot be in transit before its pickup'
    renderCarrier('/carrier#bookings', {
      'GET /api/carrier/bookings': {
        body: [
          makeCarrierBooking({
            allowedStatuses: ['booked', 'delayed'],
            inTransitBlockedReason: reason,
          }),
        ],
      },
    })
    const select = await screen.findByLabelText('Status for TRT-007', {}, FIRST_PAINT)
    expect(options(select).find((o) => o.value === 'in_transit')).toEqual({
      value: 'in_transit',
      disabled: true,
    })
    const card = screen.getByRole('listitem', { name: 'TRT-007' })
    expect(within(card).getByText(`In Transit is not open yet: ${reason}`)).toBeInTheDocument()
    expect(within(card).queryByText(/Delivered is not open yet/)).toBeNull()
  })

  it('reverts the selection and toasts Update Failed when the server refuses', async () => {
    const { calls } = renderCarrier('/carrier#bookings', {
      'GET /api/carrier/bookings': { body: [makeCarrierBooking()] },
      'PUT /api/bookings/7/status': {
        status: 409,
        body: { message: 'Cannot change a booking from confirmed to in transit' },
      },
    })
    const select = await screen.findByLabelText('Status for TRT-007', {}, FIRST_PAINT)
    fireEvent.change(select, { target: { value: 'in_transit' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update status of TRT-007' }))
    expect((await screen.findAllByText('Update Failed')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText('Cannot change a booking from confirmed to in transit').length
    ).toBeGreaterThan(0)
    await waitFor(() => expect(select).toHaveValue('confirmed'))
    expect(screen.getByRole('button', { name: 'Update status of TRT-007' })).toBeDisabled()
    expect(requestsTo(calls, 'PUT', '/api/bookings/7/status')[0].body).toEqual({
      status: 'in_transit',
    })
  })

  it('falls back to a generic message when the server sends none', async () => {
    renderCarrier('/carrier#bookings', {
      'GET /api/carrier/bookings': { body: [makeCarrierBooking()] },
      'PUT /api/bookings/7/status': { status: 502, raw: '' },
    })
    const select = await screen.findByLabelText('Status for TRT-007', {}, FIRST_PAINT)
    fireEvent.change(select, { target: { value: 'delayed' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update status of TRT-007' }))
    expect((await screen.findAllByText('Failed to update booking status')).length).toBeGreaterThan(
      0
    )
    await waitFor(() => expect(select).toHaveValue('confirmed'))
  })

  it('moves a booking, toasts and revalidates the bookings and the dashboard', async () => {
    let booking: CarrierBooking = makeCarrierBooking()
    const { calls } = renderCarrier('/carrier#bookings', {
      'GET /api/carrier/bookings': () => ({ body: [booking] }),
      'PUT /api/bookings/7/status': () => {
        booking = {
          ...booking,
          status: 'in_transit',
          allowedStatuses: ['delayed', 'delivered'],
        }
        return { body: booking }
      },
    })
    const select = await screen.findByLabelText('Status for TRT-007', {}, FIRST_PAINT)
    fireEvent.change(select, { target: { value: 'in_transit' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update status of TRT-007' }))
    expect((await screen.findAllByText('Status Updated')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Booking status changed to In Transit').length).toBeGreaterThan(0)
    await waitFor(() =>
      expect(
        options(screen.getByLabelText('Status for TRT-007')).filter((o) => !o.disabled)
      ).toEqual([
        { value: 'in_transit', disabled: false },
        { value: 'delivered', disabled: false },
        { value: 'delayed', disabled: false },
      ])
    )
    expect(screen.getByLabelText('Status for TRT-007')).toHaveValue('in_transit')
    expect(requestsTo(calls, 'GET', '/api/carrier/bookings')).toHaveLength(2)
  })

  it('keeps the dashboard fresh after a status change made in another section', async () => {
    let completed = 0
    let booking: CarrierBooking = makeCarrierBooking({
      status: 'in_transit',
      allowedStatuses: ['delayed', 'delivered'],
    })
    const { router } = renderCarrier('/carrier', {
      'GET /api/carrier/dashboard': () => ({
        body: {
          stats: {
            monthlyEarnings: 0,
            monthLabel: 'March 2025',
            completedLoads: completed,
            averageRatePerMilePerPallet: 2.5,
            acceptanceRate: null,
            acceptedBookings: 0,
            decidedBookings: 0,
          },
          recentBookings: [booking],
          listings: [],
          fleet: { total: 0, available: 0, inUse: 0, maintenance: 0 },
          topRoutes: [],
          monthlyEarnings: [],
        },
      }),
      'GET /api/carrier/bookings': () => ({ body: [booking] }),
      'PUT /api/bookings/7/status': () => {
        completed = 1
        booking = { ...booking, status: 'delivered', allowedStatuses: [] }
        return { body: booking }
      },
    })
    const loads = await screen.findByRole('group', { name: 'Completed Loads' }, FIRST_PAINT)
    expect(within(loads).getByText('0')).toBeInTheDocument()
    await router.navigate('/carrier#bookings')
    const select = await screen.findByLabelText('Status for TRT-007')
    fireEvent.change(select, { target: { value: 'delivered' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update status of TRT-007' }))
    expect((await screen.findAllByText('Status Updated')).length).toBeGreaterThan(0)
    expect(await screen.findByText('Delivered is final; no further changes.')).toBeInTheDocument()
    await router.navigate('/carrier')
    const after = await screen.findByRole('group', { name: 'Completed Loads' })
    expect(within(after).getByText('1')).toBeInTheDocument()
  })

  it('expands the status history of a booking on demand', async () => {
    const { calls } = renderCarrier('/carrier#bookings', {
      'GET /api/carrier/bookings': { body: [makeCarrierBooking()] },
      'GET /api/bookings/7/history': {
        body: [
          {
            fromStatus: 'booked',
            toStatus: 'confirmed',
            changedAt: '2025-03-06T15:00:00.000Z',
            changedBy: { id: 3, name: 'Cora Carrier', role: 'carrier' },
            note: null,
          },
          {
            fromStatus: 'pending',
            toStatus: 'booked',
            changedAt: '2025-03-05T10:00:00.000Z',
            changedBy: null,
            note: 'Payment confirmed',
          },
        ],
      },
    })
    const toggle = await screen.findByRole('button', { name: 'Status history' }, FIRST_PAINT)
    expect(requestsTo(calls, 'GET', '/api/bookings/7/history')).toHaveLength(0)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(toggle)
    const history = await screen.findByRole('list', { name: 'Status history' })
    const items = within(history).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Pending → Booked')
    expect(items[0]).toHaveTextContent('Platform')
    expect(items[0]).toHaveTextContent('Payment confirmed')
    expect(items[1]).toHaveTextContent('Booked → Confirmed')
    expect(items[1]).toHaveTextContent('Cora Carrier (Carrier)')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
  })

  it('prints the route once when the addresses are just the cities', async () => {
    const booking = makeCarrierBooking({
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI',
    })
    renderCarrier('/carrier#bookings', { 'GET /api/carrier/bookings': { body: [booking] } })
    const card = await screen.findByRole('listitem', { name: 'TRT-007' }, FIRST_PAINT)
    expect(within(card).getAllByText('Chicago, IL → Detroit, MI')).toHaveLength(1)
  })

  it('adds the street addresses when they say more than the cities', async () => {
    const booking = makeCarrierBooking({
      pickupAddress: '100 W Madison St, Chicago, IL 60602',
      deliveryAddress: 'Detroit, MI 48201',
    })
    renderCarrier('/carrier#bookings', { 'GET /api/carrier/bookings': { body: [booking] } })
    const card = await screen.findByRole('listitem', { name: 'TRT-007' }, FIRST_PAINT)
    expect(within(card).getByText('Chicago, IL → Detroit, MI')).toBeInTheDocument()
    expect(
      within(card).getByText('100 W Madison St, Chicago, IL 60602 → Detroit, MI 48201')
    ).toBeInTheDocument()
  })

  it('shows the empty state', async () => {
    renderCarrier('/carrier#bookings', { 'GET /api/carrier/bookings': { body: [] } })
    expect(await screen.findByText('No bookings yet', {}, FIRST_PAINT)).toBeInTheDocument()
  })
})

describe('carrier tracking', () => {
  it('lists in-transit and delayed shipments with the expected delivery date and counts statuses', async () => {
    renderCarrier('/carrier#tracking', {
      'GET /api/carrier/bookings': {
        body: [
          makeCarrierBooking({ id: 1, reference: 'TRT-001', status: 'booked' }),
          makeCarrierBooking({ id: 2, reference: 'TRT-002', status: 'confirmed' }),
          makeCarrierBooking({
            id: 3,
            reference: 'TRT-003',
            status: 'in_transit',
            expectedDeliveryDate: '2025-03-14',
          }),
          makeCarrierBooking({ id: 4, reference: 'TRT-004', status: 'delayed' }),
          makeCarrierBooking({ id: 5, reference: 'TRT-005', status: 'delivered' }),
        ],
      },
    })
    const list = await screen.findByRole('list', { name: 'Active shipments' }, FIRST_PAINT)
    const items = within(list).getAllByRole('listitem')
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['TRT-003', 'TRT-004'])
    expect(items[0]).toHaveTextContent('Chicago, IL → Detroit, MI')
    expect(items[0]).toHaveTextContent('340.2 mi')
    expect(items[0]).toHaveTextContent('Mar 14, 2025')
    const count = (name: string) =>
      within(screen.getByRole('group', { name })).getByText(/^\d+$/).textContent
    expect(count('Booked/Confirmed')).toBe('2')
    expect(count('In Transit')).toBe('1')
    expect(count('Delayed')).toBe('1')
    expect(count('Delivered')).toBe('1')
  })
})
