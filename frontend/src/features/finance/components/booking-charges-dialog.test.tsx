import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { BookingChargesDialog } from '@/features/finance/components/booking-charges-dialog'
import { flaggedInvoice } from '@/features/finance/testing/invoices'

const charges = {
  bookingId: 7,
  freeMinutes: 120,
  detentionHourlyRate: 75,
  stops: [
    {
      stop: 'DELIVERY',
      arrivedAt: '2026-03-04T13:00:00.000Z',
      departedAt: '2026-03-04T16:20:00.000Z',
      dwellMinutes: 200,
      detentionHours: 1.5,
      detentionAmount: 112.5,
      detentionBilled: false,
    },
  ],
  charges: [],
}

describe('Charges & invoice (carrier)', () => {
  it('shows the detention due, bills it, drafts and issues the invoice', async () => {
    setXsrfCookie()
    const draft = flaggedInvoice({
      status: 'DRAFT',
      number: null,
      flagged: false,
      audit: null,
      pdfUrl: null,
      issuedAt: null,
    })
    let invoices: unknown[] = []
    const { calls } = mockFetch({
      'GET /api/bookings/7/charges': { body: charges },
      'GET /api/accessorials': {
        body: { accessorials: [{ code: 'LIFTGATE', description: 'Liftgate', defaultPrice: 75 }] },
      },
      'GET /api/bookings/7/advanced-invoices': () => ({ body: { invoices } }),
      'POST /api/bookings/7/detention': { status: 201, body: {} },
      'POST /api/bookings/7/advanced-invoices': () => {
        invoices = [draft]
        return { status: 201, body: draft }
      },
      'POST /api/advanced-invoices/3/issue': () => {
        invoices = [flaggedInvoice()]
        return { body: flaggedInvoice() }
      },
    })
    renderWithProviders(<BookingChargesDialog bookingId={7} reference="TRT-007" />)
    fireEvent.click(screen.getByRole('button', { name: 'Charges and invoice for TRT-007' }))
    expect(await screen.findByText(/Detention: 1.5 h, \$112.50/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Bill detention ($112.50)' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/bookings/7/detention')).toHaveLength(1)
    )
    expect(requestsTo(calls, 'POST', '/api/bookings/7/detention')[0].body).toEqual({
      stop: 'DELIVERY',
    })

    fireEvent.click(screen.getByRole('button', { name: 'Draft invoice' }))
    // The draft shows while its action is still finishing: Issue is enabled once it has.
    const issue = await screen.findByRole<HTMLButtonElement>('button', { name: 'Issue invoice' })
    await waitFor(() => expect(issue.disabled).toBe(false))
    fireEvent.click(issue)
    expect(await screen.findByText(/Audit FLAGGED/)).toBeTruthy()
    expect(screen.getByRole('link', { name: /Download PDF AINV-2026-000003/ })).toBeTruthy()
  })
})
