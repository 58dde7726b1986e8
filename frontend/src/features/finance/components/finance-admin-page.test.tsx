import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { makeUser, renderApp, renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { FinanceAdminPage } from '@/features/finance/components/finance-admin-page'
import { flaggedInvoice } from '@/features/finance/testing/invoices'

const fuel = {
  weeks: [
    { indexDate: '2026-02-23', dieselPrice: 3.6, fscPct: 40 },
    { indexDate: '2026-03-02', dieselPrice: 3.66, fscPct: 41 },
  ],
  tables: [{ effectiveDate: '2025-01-01', basePrice: 1.2, step: 0.06 }],
}

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/admin/finance/fuel-index': { body: fuel },
    'GET /api/accessorials': {
      body: {
        accessorials: [
          { code: 'DETENTION_HR', description: 'Detention, per hour', defaultPrice: 75 },
        ],
      },
    },
    'GET /api/admin/finance/invoices/flagged': { body: { invoices: [flaggedInvoice()] } },
    ...extra,
  })
}

describe('Admin finance page', () => {
  // The walk after issue 31: /admin/finance, reached from the admin's menu, had no way back to
  // the dashboard and no main landmark, unlike /tms and /settings.
  it('is the main content, with the way back to the admin dashboard', async () => {
    routes({
      'GET /api/user': { body: makeUser({ role: 'admin', firstName: 'Ada' }) },
      'POST /api/analytics/events': { status: 204 },
    })
    renderApp('/admin/finance')
    const main = await screen.findByRole('main')
    expect(main).toHaveTextContent('Finance')
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/admin'
    )
  })

  it('shows the weeks, the surcharge table, the price list and the flagged invoices', async () => {
    routes()
    renderWithProviders(<FinanceAdminPage />)
    expect(await screen.findByText('$3.660')).toBeTruthy()
    expect(screen.getByText('41%')).toBeTruthy()
    expect(screen.getByText(/From 2025-01-01: base \$1.20, 1% per \$0.06/)).toBeTruthy()
    expect(await screen.findByDisplayValue('Detention, per hour')).toBeTruthy()
    expect(await screen.findByText(/AINV-2026-000003 · TRT-007/)).toBeTruthy()
  })

  it('a refused CSV lists every bad row', async () => {
    setXsrfCookie()
    const { calls } = routes({
      'POST /api/admin/finance/fuel-index/import': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            { field: 'csv.line.3', message: 'Line 3: Date is in the future', rule: 'csvRow' },
            { field: 'csv.line.4', message: 'Line 4: Price is not a number', rule: 'csvRow' },
          ],
        },
      },
    })
    renderWithProviders(<FinanceAdminPage />)
    const input = (await screen.findByLabelText('CSV file (date, price)')) as HTMLInputElement
    const file = new File(
      ['Date,Price\n2026-02-16,3.7\n2027-01-04,3.7\n2026-02-09,x\n'],
      'eia.csv',
      { type: 'text/csv' }
    )
    fireEvent.change(input, { target: { files: [file] } })
    expect(await screen.findByText('The file was refused: 2 bad rows')).toBeTruthy()
    expect(screen.getByText('Line 3: Date is in the future')).toBeTruthy()
    expect(screen.getByText('Line 4: Price is not a number')).toBeTruthy()
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/admin/finance/fuel-index/import')).toHaveLength(1)
    )
    expect(
      (requestsTo(calls, 'POST', '/api/admin/finance/fuel-index/import')[0].body as any).csv
    ).toContain('2026-02-16,3.7')
  })
})
