import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { requestsTo } from '@/testing/mock-fetch'
import {
  FIRST_PAINT,
  makeEvent,
  makeShipment,
  openTab,
  renderTms,
} from '@/features/tms/testing/fixtures'

const EVENTS = [
  makeEvent({ id: 1, eventType: 'PU', eventTime: '2025-03-10T14:05:00.000Z' }),
  makeEvent({ id: 2, eventType: 'LINEHAUL_DEPART', eventTime: '2025-03-10T15:00:00.000Z' }),
  makeEvent({ id: 3, eventType: 'IN_TRANSIT', eventTime: '2025-03-10T18:00:00.000Z' }),
  makeEvent({ id: 4, eventType: 'LINEHAUL_ARRIVE', eventTime: '2025-03-11T01:00:00.000Z' }),
  makeEvent({ id: 5, eventType: 'EXCEPTION', eventTime: '2025-03-11T02:00:00.000Z' }),
  makeEvent({ id: 6, eventType: 'OFD', eventTime: '2025-03-11T13:00:00.000Z' }),
  makeEvent({ id: 7, eventType: 'DELIVERED', eventTime: '2025-03-11T16:30:00.000Z' }),
  makeEvent({ id: 8, eventType: 'OTHER', eventTime: '2025-03-11T17:00:00.000Z', location: null }),
  makeEvent({ id: 9, eventType: 'CUSTOMS_HOLD', eventTime: '2025-03-11T18:00:00.000Z' }),
]

async function track(id: string) {
  await openTab('Milestone Tracking')
  const input = await screen.findByLabelText('Shipment ID', undefined, FIRST_PAINT)
  fireEvent.change(input, { target: { value: id } })
  fireEvent.click(screen.getByRole('button', { name: 'Track' }))
}

describe('TMS milestone tracking', () => {
  it('tracks a shipment: toast, timeline in each type’s look, times in the viewer’s zone, map', async () => {
    const { calls } = renderTms('shipper', {
      'GET /api/tms/shipments/TRT-042/events': { body: EVENTS },
      'GET /api/tms/shipments/TRT-042': { body: makeShipment() },
    })
    await track('TRT-042')
    expect(await screen.findByText('Events Retrieved')).toBeInTheDocument()
    expect(screen.getByText('Found 9 events')).toBeInTheDocument()

    const timeline = screen.getByRole('list', { name: 'Shipment timeline' })
    const items = within(timeline).getAllByRole('listitem')
    expect(items.map((i) => [i.dataset.eventType, i.dataset.look])).toEqual([
      ['PU', 'PU'],
      ['LINEHAUL_DEPART', 'LINEHAUL_DEPART'],
      ['IN_TRANSIT', 'default'],
      ['LINEHAUL_ARRIVE', 'LINEHAUL_ARRIVE'],
      ['EXCEPTION', 'EXCEPTION'],
      ['OFD', 'OFD'],
      ['DELIVERED', 'DELIVERED'],
      ['OTHER', 'default'],
      ['CUSTOMS_HOLD', 'default'],
    ])
    expect(items[0]).toHaveTextContent('Picked up')
    expect(items[1]).toHaveTextContent('Linehaul departed')
    expect(items[3]).toHaveTextContent('Linehaul arrived')
    expect(items[4]).toHaveTextContent('Exception')
    expect(items[5]).toHaveTextContent('Out for delivery')
    expect(items[6]).toHaveTextContent('Delivered')
    expect(items[8]).toHaveTextContent('Customs hold')
    // 14:05 UTC is 10:05 AM in New York (the tests' zone, vite.config.ts).
    expect(items[0]).toHaveTextContent('Mar 10, 2025, 10:05 AM · Chicago, IL')
    expect(screen.getAllByText('TRT-042')[0]).toBeInTheDocument()

    const map = await screen.findByRole('img', { name: /Map of shipment TRT-042/ }, FIRST_PAINT)
    expect(map).toHaveAccessibleName(
      expect.stringContaining('Route from Chicago, IL to Detroit, MI.')
    )
    expect(within(map).getByTestId('route-line')).toBeInTheDocument()
    expect(within(map).getAllByTestId('position')).toHaveLength(2)
    expect(requestsTo(calls, 'GET', '/api/tms/shipments/TRT-042/events')).toHaveLength(1)
  })

  it('gives the promised delivery day as that day, whatever the viewer’s zone', async () => {
    // End of Mar 11 in New York is 3:59 AM on Mar 12 in UTC: the arrival is due Mar 11.
    const zone = process.env.TZ
    process.env.TZ = 'UTC'
    try {
      renderTms('shipper', {
        'GET /api/tms/shipments/TRT-042/events': { body: EVENTS },
        'GET /api/tms/shipments/TRT-042': { body: makeShipment() },
      })
      await track('TRT-042')
      expect(await screen.findByText(/Due by the end of Mar 11, 2025/)).toBeInTheDocument()
      expect(screen.queryByText(/Mar 12, 2025/)).toBeNull()
    } finally {
      process.env.TZ = zone
    }
  })

  it('toasts Error: Failed to fetch shipment events for an unknown shipment', async () => {
    renderTms('carrier', {
      'GET /api/tms/shipments/999/events': {
        status: 404,
        body: { message: 'Shipment not found' },
      },
    })
    await track('999')
    expect(await screen.findByText('Failed to fetch shipment events')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
    expect(screen.getByText(/No shipment 999 that you can follow/)).toBeInTheDocument()
  })

  it('shows an empty timeline and asks for an ID before calling', async () => {
    const { calls } = renderTms('shipper', {
      'GET /api/tms/shipments/42/events': { body: [] },
      'GET /api/tms/shipments/42': { body: makeShipment({ positions: [] }) },
    })
    await openTab('Milestone Tracking')
    fireEvent.click(await screen.findByRole('button', { name: 'Track' }, FIRST_PAINT))
    expect(
      await screen.findByText('Enter a shipment ID (a booking number or TRT- reference)')
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'GET', '/api/tms/shipments/42/events')).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Shipment ID'), { target: { value: '42' } })
    fireEvent.click(screen.getByRole('button', { name: 'Track' }))
    expect(await screen.findByText('Found 0 events')).toBeInTheDocument()
    expect(screen.getByText('No events yet')).toBeInTheDocument()
  })

  it('lists, creates and deletes alert rules, and lists notifications', async () => {
    let rules = [
      {
        id: 3,
        name: 'Every exception',
        shipment: { scope: 'all' },
        triggers: ['exception'],
        channels: ['email', 'in_app'],
        createdAt: '2025-03-01T00:00:00.000Z',
      },
    ]
    const { calls } = renderTms('shipper', {
      'GET /api/tms/alert-rules': () => ({ body: rules }),
      'POST /api/tms/alert-rules': (req) => {
        const body = req.body as { shipment: string; name: string }
        if (body.shipment === 'TRT-999') {
          return {
            status: 422,
            body: { errors: [{ field: 'shipment', message: 'Shipment not found' }] },
          }
        }
        const rule = {
          id: 4,
          name: body.name,
          shipment: { scope: 'booking', bookingId: 42, reference: 'TRT-042' },
          triggers: ['delivered'],
          channels: ['in_app'],
          createdAt: '2025-03-02T00:00:00.000Z',
        }
        rules = [...rules, rule]
        return { status: 201, body: rule }
      },
      'DELETE /api/tms/alert-rules/3': () => {
        rules = rules.filter((r) => r.id !== 3)
        return { status: 204 }
      },
      'GET /api/tms/notifications': {
        body: [
          {
            id: 1,
            ruleId: 3,
            trigger: 'exception',
            bookingId: 42,
            reference: 'TRT-042',
            eventId: 5,
            message: 'TRT-042: exception near Kalamazoo, MI',
            emailed: true,
            createdAt: '2025-03-11T02:01:00.000Z',
          },
        ],
      },
    })
    await openTab('Milestone Tracking')
    const list = await screen.findByRole('list', { name: 'Alert rules' }, FIRST_PAINT)
    expect(list).toHaveTextContent('Every exception')
    expect(list).toHaveTextContent('All shipments · Exception · Email, In-app')
    expect(await screen.findByText('TRT-042: exception near Kalamazoo, MI')).toBeInTheDocument()

    const form = screen.getByRole('form', { name: 'Create alert rule' })
    fireEvent.change(within(form).getByLabelText('Rule name'), { target: { value: 'Arrived' } })
    fireEvent.change(within(form).getByLabelText('Shipment'), { target: { value: 'TRT-999' } })
    fireEvent.click(within(form).getByLabelText('Exception'))
    fireEvent.click(within(form).getByLabelText('Late'))
    fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }))
    expect(await within(form).findByText('Shipment not found')).toBeInTheDocument()

    fireEvent.change(within(form).getByLabelText('Shipment'), { target: { value: 'TRT-042' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }))
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Alert rules' })).toHaveTextContent('Arrived')
    )
    expect(requestsTo(calls, 'POST', '/api/tms/alert-rules')[1].body).toEqual({
      name: 'Arrived',
      shipment: 'TRT-042',
      triggers: ['delivered'],
      channels: ['in_app'],
    })
    expect(screen.getByRole('list', { name: 'Alert rules' })).toHaveTextContent(
      'TRT-042 · Delivered · In-app'
    )

    fireEvent.click(screen.getByRole('button', { name: 'Delete alert rule Every exception' }))
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Alert rules' })).not.toHaveTextContent(
        'Every exception'
      )
    )
  })
})
