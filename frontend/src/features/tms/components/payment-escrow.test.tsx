import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { requestsTo } from '@/testing/mock-fetch'
import { FIRST_PAINT, openTab, renderTms } from '@/features/tms/testing/fixtures'

describe('TMS payment escrow', () => {
  it('shows a shipper held, released and refunded totals and each shipment', async () => {
    renderTms('shipper', {
      'GET /api/tms/escrow': {
        body: {
          shipments: [
            {
              shipmentId: 42,
              reference: 'TRT-042',
              status: 'HELD',
              amount: 1250,
              heldAt: '2025-03-09T12:00:00.000Z',
              updatedAt: null,
              route: { from: 'Chicago, IL', to: 'Detroit, MI' },
            },
            {
              shipmentId: 43,
              reference: 'TRT-043',
              status: 'RELEASED',
              amount: 800.5,
              heldAt: '2025-03-01T12:00:00.000Z',
              updatedAt: '2025-03-05T12:00:00.000Z',
              route: { from: 'Dallas, TX', to: 'Austin, TX' },
            },
          ],
          totals: { held: 1250, released: 800.5, refunded: 0 },
        },
      },
    })
    await openTab('Payment Escrow')
    const held = await screen.findByRole('group', { name: 'Held' }, FIRST_PAINT)
    expect(held).toHaveTextContent('$1,250.00')
    expect(screen.getByRole('group', { name: 'Released' })).toHaveTextContent('$800.50')
    expect(screen.getByRole('group', { name: 'Refunded' })).toHaveTextContent('$0.00')
    const rows = within(screen.getByRole('list', { name: 'Escrow by shipment' })).getAllByRole(
      'listitem'
    )
    expect(rows[0]).toHaveTextContent('TRT-042')
    expect(rows[0]).toHaveTextContent('Chicago, IL → Detroit, MI')
    expect(rows[1]).toHaveTextContent('Released')
    expect(rows[1]).toHaveTextContent('$800.50')
  })

  it('shows the empty state when nothing was paid', async () => {
    renderTms('shipper', {
      'GET /api/tms/escrow': {
        body: { shipments: [], totals: { held: 0, released: 0, refunded: 0 } },
      },
    })
    await openTab('Payment Escrow')
    expect(
      await screen.findByText('No funds in escrow', undefined, FIRST_PAINT)
    ).toBeInTheDocument()
  })

  it('explains escrow to carriers without asking the API', async () => {
    const { calls } = renderTms('carrier')
    await openTab('Payment Escrow')
    expect(
      await screen.findByText("Escrow is the shipper's view", undefined, FIRST_PAINT)
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'GET', '/api/tms/escrow')).toHaveLength(0)
  })
})
