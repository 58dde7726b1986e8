import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { ShipperFreightInvoices } from '@/features/finance/components/shipper-freight-invoices'
import { flaggedInvoice } from '@/features/finance/testing/invoices'

describe('Shipper freight invoices', () => {
  it('shows the flag banner, the audit variance and the lines, then accepts', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/advanced-invoices': { body: { invoices: [flaggedInvoice()] } },
      'POST /api/advanced-invoices/3/decision': {
        body: flaggedInvoice({ shipperDecision: 'ACCEPTED' }),
      },
    })
    renderWithProviders(<ShipperFreightInvoices />)
    expect(await screen.findByText('1 invoice flagged by the audit')).toBeTruthy()
    expect(
      screen.getByText(/Audit FLAGGED: variance \$112\.50 against \$1,410\.00 booked/)
    ).toBeTruthy()
    expect(
      screen.getByText('Detention at delivery, 1.5 h after 2 free hours', { selector: 'p' })
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: /Download PDF AINV-2026-000003/ })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/advanced-invoices/3/decision')).toHaveLength(1)
    )
    expect(requestsTo(calls, 'POST', '/api/advanced-invoices/3/decision')[0].body).toEqual({
      decision: 'ACCEPTED',
    })
  })

  it('a dispute asks for the reason and shows the server’s message for a short one', async () => {
    setXsrfCookie()
    mockFetch({
      'GET /api/advanced-invoices': { body: { invoices: [flaggedInvoice()] } },
      'POST /api/advanced-invoices/3/decision': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            {
              field: 'reason',
              message: 'Say why you dispute the invoice, at least 10 characters',
              rule: 'minLength',
            },
          ],
        },
      },
    })
    renderWithProviders(<ShipperFreightInvoices />)
    fireEvent.click(await screen.findByRole('button', { name: 'Dispute' }))
    fireEvent.change(screen.getByLabelText('Why do you dispute it?'), { target: { value: 'No' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send dispute' }))
    expect(
      await screen.findByText('Say why you dispute the invoice, at least 10 characters')
    ).toBeTruthy()
  })

  it('shows a loading state, then an empty one', async () => {
    mockFetch({ 'GET /api/advanced-invoices': { body: { invoices: [] } } })
    renderWithProviders(<ShipperFreightInvoices />)
    expect(screen.getByLabelText('Loading freight invoices')).toBeTruthy()
    expect(await screen.findByText('No freight invoices yet')).toBeTruthy()
  })
})
