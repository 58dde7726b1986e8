import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { FIRST_PAINT, renderCarrier } from '@/features/carrier/testing/fixtures'
import type { CarrierPayout } from '@/features/carrier/api/get-payouts'
import { payoutBadge } from '@/features/carrier/utils/payout-status'
import type { QuickPayQuote } from '@/features/carrier/api/quick-pay'

function makeQuote(overrides: Partial<QuickPayQuote> = {}): QuickPayQuote {
  return {
    bookingId: 12,
    reference: 'TRT-012',
    available: true,
    reasonCode: null,
    reason: null,
    feePercent: 2,
    payoutCents: 112346,
    feeCents: 2246,
    recoveryCents: 0,
    amountNowCents: 110100,
    payoutStatus: 'pending',
    quickPaidAt: null,
    ...overrides,
  }
}

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
    quickPayFeeCents: null,
    quickPay: null,
    recoveryDeductions: [],
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

  it('names each cargo-claim recovery netted from a payout, linking to the claim (decision 0254)', async () => {
    renderCarrier('/carrier#payouts', {
      'GET /api/carrier/payouts': () => ({
        body: [
          makePayout({
            payoutStatus: 'paid',
            recoveryDeductions: [{ claimId: 4, claimReference: 'TRT-003', amountCents: 25050 }],
          }),
        ],
      }),
    })
    const row = await screen.findByRole('row', { name: 'Payout TRT-007' }, FIRST_PAINT)
    expect(row).toHaveTextContent('Claim recovery on TRT-003: $250.50 deducted')
    expect(within(row).getByRole('link', { name: 'TRT-003' })).toHaveAttribute(
      'href',
      '/claims?claim=4'
    )
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

  describe('quick pay (decision 0222)', () => {
    const pending = (quote: QuickPayQuote | null) =>
      makePayout({
        id: 12,
        reference: 'TRT-012',
        totalAmount: 1234.57,
        payoutAmount: 1123.46,
        payoutStatus: 'pending',
        payoutReleasedAt: null,
        quickPay: quote,
      })

    it('offers Get paid now with the fee and the amount, and asks before paying', async () => {
      let payouts = [pending(makeQuote())]
      const { calls } = renderCarrier('/carrier#payouts', {
        'GET /api/carrier/payouts': () => ({ body: payouts }),
        'POST /api/carrier/bookings/12/quick-pay': () => {
          payouts = [
            {
              ...pending(null),
              payoutStatus: 'paid',
              payoutReleasedAt: '2025-03-14T10:00:00.000Z',
              quickPayFeeCents: 2246,
            },
          ]
          return {
            body: {
              outcome: 'paid',
              quote: makeQuote({
                available: false,
                reasonCode: 'quick_paid',
                reason: 'You already took this payout by quick pay',
                payoutStatus: 'paid',
                quickPaidAt: '2025-03-14T10:00:00.000Z',
              }),
            },
          }
        },
      })
      const row = await screen.findByRole('row', { name: 'Payout TRT-012' }, FIRST_PAINT)
      expect(row).toHaveTextContent('$1,101.00 now, quick-pay fee $22.46 (2%)')
      fireEvent.click(within(row).getByRole('button', { name: 'Get paid now' }))

      const dialog = await screen.findByRole('alertdialog')
      expect(dialog).toHaveTextContent('Get paid now for TRT-012?')
      expect(dialog).toHaveTextContent(
        'You receive $1,101.00 now instead of 48 hours after delivery. The quick-pay fee of $22.46 (2% of your $1,123.46 payout) goes to PalletLine. This cannot be undone.'
      )
      // the way out is focused first, and changes nothing
      expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus()
      fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }))
      expect(calls.some((c) => c.method === 'POST' && c.url.includes('quick-pay'))).toBe(false)

      fireEvent.click(within(row).getByRole('button', { name: 'Get paid now' }))
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', {
          name: 'Get $1,101.00 now',
        })
      )
      await waitFor(() =>
        expect(screen.getByRole('row', { name: 'Payout TRT-012' })).toHaveTextContent(
          'Quick pay: fee $22.46, $1,101.00 paid'
        )
      )
      const paid = screen.getByRole('row', { name: 'Payout TRT-012' })
      expect(within(paid).getByText('Paid')).toBeInTheDocument()
      expect(within(paid).queryByRole('button', { name: 'Get paid now' })).toBeNull()
      const post = calls.find((c) => c.method === 'POST' && c.url.includes('quick-pay'))!
      expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    })

    it('names a claim recovery it nets, on the row and before paying', async () => {
      renderCarrier('/carrier#payouts', {
        'GET /api/carrier/payouts': {
          body: [pending(makeQuote({ recoveryCents: 10000, amountNowCents: 100100 }))],
        },
      })
      const row = await screen.findByRole('row', { name: 'Payout TRT-012' }, FIRST_PAINT)
      expect(row).toHaveTextContent(
        '$1,001.00 now, quick-pay fee $22.46 (2%), claim recovery $100.00'
      )
      fireEvent.click(within(row).getByRole('button', { name: 'Get paid now' }))
      const dialog = await screen.findByRole('alertdialog')
      expect(dialog).toHaveTextContent(
        'You receive $1,001.00 now instead of 48 hours after delivery. The quick-pay fee of $22.46 (2% of your $1,123.46 payout) goes to PalletLine. $100.00 of it pays back what you owe on a settled cargo claim. This cannot be undone.'
      )
    })

    it('offers nothing when quick pay is not available, and says why a refusal came', async () => {
      renderCarrier('/carrier#payouts', {
        'GET /api/carrier/payouts': {
          body: [
            pending(makeQuote({ available: false, reasonCode: 'not_delivered', reason: 'x' })),
            makePayout({ id: 13, reference: 'TRT-013', quickPay: null }),
            makePayout({
              id: 14,
              reference: 'TRT-014',
              payoutStatus: 'pending',
              payoutReleasedAt: null,
              quickPay: makeQuote({ bookingId: 14, reference: 'TRT-014' }),
            }),
          ],
        },
        'POST /api/carrier/bookings/14/quick-pay': {
          status: 409,
          body: {
            message: 'Your payouts are on hold after an account change',
            reasonCode: 'payout_hold',
            quote: makeQuote({ available: false, reasonCode: 'payout_hold' }),
          },
        },
      })
      const notYet = await screen.findByRole('row', { name: 'Payout TRT-012' }, FIRST_PAINT)
      expect(within(notYet).queryByRole('button', { name: 'Get paid now' })).toBeNull()
      expect(notYet).not.toHaveTextContent('quick-pay fee')
      const released = screen.getByRole('row', { name: 'Payout TRT-013' })
      expect(within(released).queryByRole('button', { name: 'Get paid now' })).toBeNull()

      const offered = screen.getByRole('row', { name: 'Payout TRT-014' })
      fireEvent.click(within(offered).getByRole('button', { name: 'Get paid now' }))
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', {
          name: 'Get $1,101.00 now',
        })
      )
      expect(
        await screen.findByText('Your payouts are on hold after an account change')
      ).toBeInTheDocument()
    })
  })
})
