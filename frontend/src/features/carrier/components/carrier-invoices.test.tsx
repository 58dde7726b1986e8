import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { FIRST_PAINT, renderCarrier } from '@/features/carrier/testing/fixtures'

describe('carrier invoices and profile', () => {
  it('lists invoices with number, reference, status, route, amount and due date', async () => {
    renderCarrier('/carrier#invoices', {
      'GET /api/carrier/invoices': {
        body: [
          {
            id: 2,
            invoiceNumber: 'INV-2025-000002',
            bookingId: 8,
            bookingReference: 'TRT-008',
            amount: 1200,
            status: 'pending',
            dueDate: '2025-04-12',
            issueDate: '2025-03-13',
            createdAt: '2025-03-13T10:00:00.000Z',
            pickupCity: 'Dallas',
            pickupState: 'TX',
            deliveryCity: 'Houston',
            deliveryState: 'TX',
          },
          {
            id: 1,
            invoiceNumber: 'INV-2025-000001',
            bookingId: 7,
            bookingReference: 'TRT-007',
            amount: 1854.09,
            status: 'paid',
            dueDate: null,
            issueDate: '2025-03-12',
            createdAt: '2025-03-12T10:00:00.000Z',
            pickupCity: 'Chicago',
            pickupState: 'IL',
            deliveryCity: 'Detroit',
            deliveryState: 'MI',
          },
        ],
      },
    })
    const pending = await screen.findByRole('row', { name: 'Invoice INV-2025-000002' }, FIRST_PAINT)
    expect(pending).toHaveTextContent('TRT-008')
    expect(pending).toHaveTextContent('Pending')
    expect(pending).toHaveTextContent('Dallas, TX → Houston, TX')
    expect(pending).toHaveTextContent('$1,200.00')
    expect(pending).toHaveTextContent('Apr 12, 2025')
    const paid = screen.getByRole('row', { name: 'Invoice INV-2025-000001' })
    expect(within(paid).getByText('Paid')).toBeInTheDocument()
    expect(paid).toHaveTextContent('—')
    expect(screen.getByText(/outstanding/)).toHaveTextContent('2 invoices · outstanding $1,200.00')
  })

  it('dates an invoice issued late in the New York evening on that New York day, wherever the viewer is', async () => {
    // INV-2026-000022 of the demo: issued 22:00 on 25 November in New York (03:00 UTC on the
    // 26th, later still in Berlin) and due that day, paid on delivery.
    const zone = process.env.TZ
    process.env.TZ = 'Europe/Berlin'
    try {
      renderCarrier('/carrier#invoices', {
        'GET /api/carrier/invoices': {
          body: [
            {
              id: 22,
              invoiceNumber: 'INV-2026-000022',
              bookingId: 40,
              bookingReference: 'TRT-040',
              amount: 980,
              status: 'paid',
              dueDate: '2026-11-25',
              issueDate: '2026-11-25',
              createdAt: '2026-11-26T03:00:00.000Z',
              pickupCity: 'Chicago',
              pickupState: 'IL',
              deliveryCity: 'Detroit',
              deliveryState: 'MI',
            },
          ],
        },
      })
      const row = await screen.findByRole('row', { name: 'Invoice INV-2026-000022' }, FIRST_PAINT)
      const cells = within(row).getAllByRole('cell')
      const header = screen.getAllByRole('columnheader').map((h) => h.textContent)
      expect(cells[header.indexOf('Due Date')]).toHaveTextContent('Nov 25, 2026')
      expect(cells[header.indexOf('Issued')]).toHaveTextContent('Nov 25, 2026')
      expect(row).not.toHaveTextContent('Nov 26')
    } finally {
      process.env.TZ = zone
    }
  })

  it('shows an empty state without invoices', async () => {
    renderCarrier('/carrier#invoices', { 'GET /api/carrier/invoices': { body: [] } })
    expect(await screen.findByText('No invoices yet', {}, FIRST_PAINT)).toBeInTheDocument()
  })

  it('shows the company on record in the profile section', async () => {
    renderCarrier('/carrier#profile', {
      'GET /api/carrier/profile': {
        body: {
          id: 4,
          userId: 3,
          companyName: 'Motor City Haulers LLC',
          dotNumber: '3141592',
          mcNumber: null,
          businessAddress: '1 Woodward Ave',
          city: 'Detroit',
          state: 'MI',
          zipCode: '48226',
        },
      },
    })
    expect(await screen.findByText('Motor City Haulers LLC', {}, FIRST_PAINT)).toBeInTheDocument()
    expect(screen.getByText('3141592')).toBeInTheDocument()
    expect(screen.getByText('Detroit, MI 48226')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Company Profile' })).toBeInTheDocument()
  })
})
