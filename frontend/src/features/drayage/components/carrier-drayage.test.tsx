import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { CarrierDrayage } from '@/features/drayage/components/carrier-drayage'
import { FIRST_PAINT, makeMove } from '@/features/drayage/testing/fixtures'

describe('Carrier drayage', () => {
  it('accepts an open move and records a gate-out on its own', async () => {
    setXsrfCookie()
    const mine = makeMove({
      id: 8,
      reference: 'DRY-008',
      status: 'ACCEPTED',
      appointments: [
        {
          id: 5,
          kind: 'PICKUP',
          windowStart: '2026-03-06T15:00:00.000Z',
          windowEnd: '2026-03-06T17:00:00.000Z',
          status: 'REQUESTED',
          confirmationNumber: null,
        },
      ],
    })
    const { calls } = mockFetch({
      'GET /api/drayage/moves/open': { body: [makeMove()] },
      'GET /api/drayage/moves': { body: [mine] },
      'POST /api/drayage/moves/7/accept': { body: makeMove({ status: 'ACCEPTED' }) },
      'POST /api/drayage/moves/8/gate-out': { body: { ...mine, status: 'OUT_GATED' } },
      'POST /api/drayage/appointments/5/status': {
        body: { ...mine.appointments[0], status: 'CONFIRMED', confirmationNumber: 'A1' },
      },
    })
    renderWithProviders(<CarrierDrayage />)
    const open = await screen.findByRole('article', { name: 'Drayage move DRY-007' }, FIRST_PAINT)
    fireEvent.click(within(open).getByRole('button', { name: 'Accept move' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/drayage/moves/7/accept')).toHaveLength(1)
    )

    const own = screen.getByRole('article', { name: 'Drayage move DRY-008' })
    fireEvent.change(within(own).getByLabelText('Confirmation #'), { target: { value: 'A1' } })
    fireEvent.click(within(own).getByRole('button', { name: 'Confirmed' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/drayage/appointments/5/status')[0]?.body).toEqual({
        status: 'CONFIRMED',
        confirmationNumber: 'A1',
      })
    )
    // A pickup window is already active: no second request form for it.
    expect(within(own).queryByRole('form', { name: /Request pickup/ })).toBeNull()
    fireEvent.click(within(own).getByRole('button', { name: 'Record gate-out' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/drayage/moves/8/gate-out')).toHaveLength(1)
    )
  })

  it('tells a carrier without DRAY why the open list is empty', async () => {
    mockFetch({
      'GET /api/drayage/moves/open': {
        status: 403,
        body: { message: 'Drayage is not among your carrier modes' },
      },
      'GET /api/drayage/moves': { body: [] },
    })
    renderWithProviders(<CarrierDrayage />)
    expect(
      await screen.findByText('Could not load open drayage moves', undefined, FIRST_PAINT)
    ).toBeInTheDocument()
    expect(screen.getByText('No accepted drayage moves yet')).toBeInTheDocument()
  })
})
