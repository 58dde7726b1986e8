import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { CarrierDrayage } from '@/features/drayage/components/carrier-drayage'
import { FIRST_PAINT, makeMove } from '@/features/drayage/testing/fixtures'

describe('Carrier drayage', () => {
  it('accepts an open move; gate-out waits for the confirmed pickup window, saying why', async () => {
    setXsrfCookie()
    const waiting =
      'The pickup appointment is still requested: record the terminal confirmation before the gate-out'
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
      gateOutBlockedReason: waiting,
    })
    const { calls } = mockFetch({
      'GET /api/drayage/moves/open': {
        body: [makeMove({ lineHaul: null, carrierPay: 409.5 })],
      },
      'GET /api/drayage/moves': { body: [mine] },
      'POST /api/drayage/moves/7/accept': { body: makeMove({ status: 'ACCEPTED' }) },
      'POST /api/drayage/appointments/5/status': {
        body: { ...mine.appointments[0], status: 'CONFIRMED', confirmationNumber: 'A1' },
      },
    })
    renderWithProviders(<CarrierDrayage />)
    const open = await screen.findByRole('article', { name: 'Drayage move DRY-007' }, FIRST_PAINT)
    // The carrier sees its pay before accepting (docs/decisions/0187).
    expect(open).toHaveTextContent('Your pay$409.507.7 mi line haul')
    fireEvent.click(within(open).getByRole('button', { name: 'Accept move' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/drayage/moves/7/accept')).toHaveLength(1)
    )

    const own = screen.getByRole('article', { name: 'Drayage move DRY-008' })
    expect(within(own).getByRole('button', { name: 'Record gate-out' })).toBeDisabled()
    expect(within(own).getByText(waiting)).toBeInTheDocument()
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
    expect(requestsTo(calls, 'POST', '/api/drayage/moves/8/gate-out')).toHaveLength(0)
  })

  it('records the gate-out once the confirmed window has opened', async () => {
    setXsrfCookie()
    const mine = makeMove({
      id: 8,
      reference: 'DRY-008',
      status: 'ACCEPTED',
      appointments: [
        {
          id: 5,
          kind: 'PICKUP',
          windowStart: '2026-03-05T14:00:00.000Z',
          windowEnd: '2026-03-05T16:00:00.000Z',
          status: 'CONFIRMED',
          confirmationNumber: 'A1',
        },
      ],
    })
    const { calls } = mockFetch({
      'GET /api/drayage/moves/open': { body: [] },
      'GET /api/drayage/moves': { body: [mine] },
      'POST /api/drayage/moves/8/gate-out': { body: { ...mine, status: 'OUT_GATED' } },
    })
    renderWithProviders(<CarrierDrayage />)
    const own = await screen.findByRole('article', { name: 'Drayage move DRY-008' }, FIRST_PAINT)
    fireEvent.click(within(own).getByRole('button', { name: 'Record gate-out' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/drayage/moves/8/gate-out')).toHaveLength(1)
    )
  })

  it('offers nothing on a complete or cancelled move: its windows are closed', async () => {
    const closedWindow = {
      id: 6,
      kind: 'RETURN' as const,
      windowStart: '2026-03-06T15:00:00.000Z',
      windowEnd: '2026-03-06T17:00:00.000Z',
      status: 'CANCELLED' as const,
      confirmationNumber: null,
    }
    mockFetch({
      'GET /api/drayage/moves/open': { body: [] },
      'GET /api/drayage/moves': {
        body: [
          makeMove({
            id: 8,
            reference: 'DRY-008',
            status: 'EMPTY_RETURNED',
            appointments: [closedWindow],
          }),
          makeMove({
            id: 9,
            reference: 'DRY-009',
            status: 'CANCELLED',
            appointments: [{ ...closedWindow, id: 7, kind: 'PICKUP' }],
          }),
        ],
      },
    })
    renderWithProviders(<CarrierDrayage />)
    for (const name of ['Drayage move DRY-008', 'Drayage move DRY-009']) {
      const card = await screen.findByRole('article', { name }, FIRST_PAINT)
      expect(within(card).queryAllByRole('button')).toHaveLength(0)
      expect(within(card).queryByRole('form')).toBeNull()
    }
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

  it('offers the driver slot on the moves being run only (decision 0246)', async () => {
    setXsrfCookie()
    mockFetch({
      'GET /api/drayage/moves/open': { body: [makeMove()] },
      'GET /api/drayage/moves': {
        body: [
          makeMove({ id: 8, reference: 'DRY-008', status: 'ACCEPTED' }),
          makeMove({ id: 9, reference: 'DRY-009', status: 'OUT_GATED' }),
          makeMove({ id: 10, reference: 'DRY-010', status: 'EMPTY_RETURNED' }),
        ],
      },
    })
    renderWithProviders(
      <CarrierDrayage driverAction={(move) => <p>Driver for {move.reference}</p>} />
    )
    await screen.findByRole('article', { name: 'Drayage move DRY-008' }, FIRST_PAINT)
    expect(screen.getByText('Driver for DRY-008')).toBeInTheDocument()
    expect(screen.getByText('Driver for DRY-009')).toBeInTheDocument()
    expect(screen.queryByText('Driver for DRY-010')).toBeNull()
    // An open move is not the carrier's yet.
    expect(screen.queryByText('Driver for DRY-007')).toBeNull()
  })
})
