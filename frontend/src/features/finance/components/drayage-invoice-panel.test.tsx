import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { DrayageInvoicePanel } from '@/features/finance/components/drayage-invoice-panel'
import { flaggedInvoice } from '@/features/finance/testing/invoices'

const FIRST_PAINT = { timeout: 3000 }

const draft = flaggedInvoice({
  id: 4,
  number: null,
  bookingId: null,
  bookingReference: null,
  drayageMoveId: 8,
  drayageReference: 'DRY-008',
  kind: 'DRAYAGE',
  status: 'DRAFT',
  flagged: false,
  audit: null,
  pdfUrl: null,
  amount: 350,
  lines: [
    {
      code: 'DEMURRAGE',
      description: 'Demurrage, 2 days from 2026-03-08 to 2026-03-09',
      quantity: 2,
      unitPrice: 175,
      amount: 350,
      evidence: {
        note: '2 days, 2026-03-08 to 2026-03-09',
        documentId: null,
        stop: null,
        startedAt: null,
        endedAt: null,
      },
    },
  ],
})

describe('Drayage invoice panel', () => {
  it('lets the carrier draft the move’s invoice, then issue the draft', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/drayage/moves/8/invoices': { body: { invoices: [] } },
      'POST /api/drayage/moves/8/invoices': { status: 201, body: draft },
    })
    renderWithProviders(<DrayageInvoicePanel moveId={8} role="carrier" />)
    fireEvent.click(await screen.findByRole('button', { name: /Draft invoice/ }, FIRST_PAINT))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/drayage/moves/8/invoices')).toHaveLength(1)
    )
  })

  it('shows the draft’s day lines with Issue and Void; the shipper gets no buttons', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/drayage/moves/8/invoices': { body: { invoices: [draft] } },
      'POST /api/advanced-invoices/4/issue': { body: { ...draft, status: 'ISSUED' } },
    })
    const { unmount } = renderWithProviders(<DrayageInvoicePanel moveId={8} role="carrier" />)
    expect(
      await screen.findByText('Demurrage, 2 days from 2026-03-08 to 2026-03-09', {}, FIRST_PAINT)
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Issue invoice' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/advanced-invoices/4/issue')).toHaveLength(1)
    )
    unmount()
    renderWithProviders(<DrayageInvoicePanel moveId={8} role="shipper" />)
    await screen.findByText('Demurrage, 2 days from 2026-03-08 to 2026-03-09', {}, FIRST_PAINT)
    expect(screen.queryByRole('button', { name: 'Issue invoice' })).toBeNull()
  })
})
