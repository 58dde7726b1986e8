import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { FIRST_PAINT, renderCarrier } from '@/features/carrier/testing/fixtures'
import type { CarrierPayout } from '@/features/carrier/api/get-payouts'
import { payoutBadge } from '@/features/carrier/utils/payout-status'

function makePayout(overrides: Partial<CarrierPayout> = {}): CarrierPayout {
  return {
    id: 7,
    kind: 'booking',
    reference: 'TRT-007',
    pickupAddress: 'Chicago, IL',
    deliveryAddress: 'Detroit, MI 48201',
    createdAt: '2025-03-12T10:00:00.000Z',
    totalAmount: 1854.09,
    payoutAmount: 1687.22,
    paymentStatus: 'paid',
    payoutStatus: 'released',
    payoutReleasedAt: '2025-03-14T10:00:00.000Z',
    payoutFailureReason: null,
    lateCancelFee: false,
    ...overrides,
  }
}

describe('payout history', () => {
  it('maps payment and payout status to the badge', () => {
    const label = (paymentStatus: string, payoutStatus: string) =>
      payoutBadge({ paymentStatus, payoutStatus }).label
    expect(label('pending', 'pending')).toBe('Payment Pending')
    // a refunded booking owes nothing; one that kept a late-cancel fee shows the fee's payout
    expect(label('refunded', 'pending')).toBe('Refunded')
    expect(label('refunded', 'released')).toBe('Released')
    expect(label('refunded', 'paid')).toBe('Paid')
    expect(label('paid', 'pending')).toBe('Awaiting Release')
    expect(label('paid', 'released')).toBe('Released')
    expect(label('paid', 'paid')).toBe('Paid')
    expect(label('paid', 'failed')).toBe('Failed')
    expect(label('paid', 'on_hold')).toBe('Unknown')
  })

  it('shows a late-cancel fee as the fee and the carrier share, never as pending', async () => {
    renderCarrier('/carrier#payouts', {
      'GET /api/carrier/payouts': {
        body: [
          makePayout({
            id: 31,
            reference: 'TRT-031',
            paymentStatus: 'refunded',
            payoutStatus: 'paid',
            totalAmount: 150,
            payoutAmount: 136.5,
            lateCancelFee: true,
          }),
        ],
      },
    })
    const row = await screen.findByRole('row', { name: 'Payout TRT-031' }, FIRST_PAINT)
    expect(row).toHaveTextContent('Cancelled late: your share of the fee')
    expect(row).toHaveTextContent('$150.00')
    expect(row).toHaveTextContent('$136.50')
    expect(within(row).getByText('Paid')).toBeInTheDocument()
    expect(row).not.toHaveTextContent('Payment Pending')
  })

  it('lists a delivered expedited job as its EXP row beside a booking of the same id', async () => {
    renderCarrier('/carrier#payouts', {
      'GET /api/carrier/payouts': {
        body: [
          makePayout({
            kind: 'expedited',
            reference: 'EXP-007',
            pickupAddress: 'Chicago, IL',
            deliveryAddress: 'Detroit, MI',
            totalAmount: 421.55,
            payoutAmount: 383.61,
            payoutStatus: 'paid',
          }),
          makePayout(),
        ],
      },
    })
    const row = await screen.findByRole('row', { name: 'Payout EXP-007' }, FIRST_PAINT)
    expect(row).toHaveTextContent('Expedited job')
    expect(row).toHaveTextContent('$421.55')
    expect(row).toHaveTextContent('$383.61')
    expect(within(row).getByText('Paid')).toBeInTheDocument()
    const booking = screen.getByRole('row', { name: 'Payout TRT-007' })
    expect(booking).not.toHaveTextContent('Expedited job')
  })

  it('lists each booking with reference, route, date, amounts and badge', async () => {
    renderCarrier('/carrier#payouts', {
      'GET /api/carrier/payouts': {
        body: [
          makePayout(),
          makePayout({
            id: 9,
            reference: 'TRT-009',
            paymentStatus: 'paid',
            payoutStatus: 'failed',
            payoutReleasedAt: null,
            payoutFailureReason: 'The bank account was closed',
            totalAmount: 1200,
            payoutAmount: 1092,
          }),
          makePayout({
            id: 10,
            reference: 'TRT-010',
            paymentStatus: 'pending',
            payoutStatus: 'pending',
            payoutReleasedAt: null,
          }),
        ],
      },
    })
    const released = await screen.findByRole('row', { name: 'Payout TRT-007' }, FIRST_PAINT)
    expect(released).toHaveTextContent('Chicago, IL → Detroit, MI 48201')
    expect(released).toHaveTextContent('$1,854.09')
    expect(released).toHaveTextContent('$1,687.22')
    expect(within(released).getByText('Released')).toBeInTheDocument()
    const failed = screen.getByRole('row', { name: 'Payout TRT-009' })
    expect(within(failed).getByText('Failed')).toBeInTheDocument()
    expect(failed).toHaveTextContent('The bank account was closed')
    expect(failed).toHaveTextContent('$1,092.00')
    const unpaid = screen.getByRole('row', { name: 'Payout TRT-010' })
    expect(within(unpaid).getByText('Payment Pending')).toBeInTheDocument()
    expect(screen.getByText('Earnings and payouts from completed shipments')).toBeInTheDocument()
  })

  it('shows why a released payout is held, when it was released and the 91% payout', async () => {
    const reason = 'Carrier payout account onboarding is not complete'
    renderCarrier('/carrier#payouts', {
      'GET /api/carrier/payouts': {
        body: [
          makePayout({ payoutFailureReason: reason }),
          makePayout({
            id: 8,
            reference: 'TRT-008',
            payoutStatus: 'paid',
            payoutReleasedAt: '2025-03-15T10:00:00.000Z',
          }),
          makePayout({
            id: 11,
            reference: 'TRT-011',
            payoutStatus: 'pending',
            payoutReleasedAt: null,
          }),
        ],
      },
    })
    const held = await screen.findByRole('row', { name: 'Payout TRT-007' }, FIRST_PAINT)
    expect(within(held).getByText('Released')).toBeInTheDocument()
    expect(within(held).getByText(reason)).toBeInTheDocument()
    expect(held).toHaveTextContent('Released Mar 14, 2025')
    expect(within(held).getByText('$1,854.09')).toBeInTheDocument()
    expect(within(held).getByText('$1,687.22')).toBeInTheDocument()
    // the carrier's percent is the server's (GET /api/platform/constants, decision 0200)
    expect(
      await screen.findByRole('columnheader', { name: 'Your Payout (91%)' })
    ).toBeInTheDocument()

    const paid = screen.getByRole('row', { name: 'Payout TRT-008' })
    expect(within(paid).getByText('Paid')).toBeInTheDocument()
    expect(paid).toHaveTextContent('Released Mar 15, 2025')
    expect(paid).not.toHaveTextContent(reason)

    const awaiting = screen.getByRole('row', { name: 'Payout TRT-011' })
    expect(within(awaiting).getByText('Awaiting Release')).toBeInTheDocument()
    expect(awaiting).not.toHaveTextContent(/Released/)
  })

  it('shows Failed to load payout history when the call fails', async () => {
    renderCarrier('/carrier#payouts', {
      'GET /api/carrier/payouts': { status: 500, body: { message: 'boom' } },
    })
    expect(
      await screen.findByText('Failed to load payout history', {}, FIRST_PAINT)
    ).toBeInTheDocument()
  })

  it('shows an empty state without bookings', async () => {
    renderCarrier('/carrier#payouts', { 'GET /api/carrier/payouts': { body: [] } })
    expect(await screen.findByText('No payouts yet', {}, FIRST_PAINT)).toBeInTheDocument()
  })
})
