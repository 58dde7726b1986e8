import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { TerminalsAdmin } from '@/features/drayage/components/terminals-admin'
import { FIRST_PAINT, makeTerminal } from '@/features/drayage/testing/fixtures'

describe('Terminals admin', () => {
  it('lists terminals with their tiers and line haul, and edits one’s bands', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/drayage/terminals': { body: [makeTerminal()] },
      'PUT /api/admin/terminals/1': { body: makeTerminal({ name: 'LBCT Pier E' }) },
    })
    renderWithProviders(<TerminalsAdmin />)
    const list = await screen.findByRole('list', { name: 'Terminals' }, FIRST_PAINT)
    expect(list).toHaveTextContent('day 5+: $350.00')
    expect(list).toHaveTextContent('≤25 mi $450.00, ≤50 mi $600.00 (default)')
    fireEvent.click(screen.getByRole('button', { name: 'Edit LBCT' }))
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'LBCT Pier E' } })
    const bands = screen.getByLabelText('Line-haul bands (miles: $)')
    fireEvent.change(bands, { target: { value: '20 450' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save terminal' }))
    expect(
      await screen.findByText('Write each band as miles: dollars, e.g. 25: 450, 50: 600')
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'PUT', '/api/admin/terminals/1')).toHaveLength(0)
    fireEvent.change(bands, { target: { value: '20: 399.50, 60: 725' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save terminal' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'PUT', '/api/admin/terminals/1')[0]?.body).toEqual({
        code: 'LBCT',
        name: 'LBCT Pier E',
        unLocode: 'USLGB',
        address: '1171 Pier F Ave, Long Beach, CA 90802',
        kind: 'PORT',
        demurrageTiers: [{ fromDay: 5, perDay: 350 }],
        perDiemTiers: [],
        lineHaulBands: [
          { upToMiles: 20, cents: 39_950 },
          { upToMiles: 60, cents: 72_500 },
        ],
      })
    )
  })

  it('shows the server’s field errors on add', async () => {
    setXsrfCookie()
    mockFetch({
      'GET /api/drayage/terminals': { body: [] },
      'POST /api/admin/terminals': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [{ field: 'code', message: 'A terminal with this code exists', rule: 'unique' }],
        },
      },
    })
    renderWithProviders(<TerminalsAdmin />)
    expect(await screen.findByText('No terminals yet', undefined, FIRST_PAINT)).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'LBCT' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add terminal' }))
    expect(await screen.findByText('A terminal with this code exists')).toBeInTheDocument()
  })
})
