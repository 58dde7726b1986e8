import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { FIRST_PAINT, renderCarrier } from '@/features/carrier/testing/fixtures'
import { PaymentSetupCard, paymentSetupState } from '@/features/carrier/components/payment-setup'
import { redirectTo } from '@/features/carrier/utils/redirect'
import type { CarrierPayout } from '@/features/carrier/api/get-payouts'
import { STRIPE_STATUS_REFRESH_MS } from '@/features/carrier/api/get-stripe-status'
import { requestsTo } from '@/testing/mock-fetch'

vi.mock('@/features/carrier/utils/redirect', () => ({ redirectTo: vi.fn() }))

const NOT_CONNECTED = { connected: false, onboardingComplete: false, payoutsEnabled: false }
const IN_PROGRESS = { connected: true, onboardingComplete: false, payoutsEnabled: false }
const COMPLETE = { connected: true, onboardingComplete: true, payoutsEnabled: true }

describe('payment setup card', () => {
  beforeEach(() => vi.mocked(redirectTo).mockReset())

  it('maps the provider status to the three states', () => {
    expect(paymentSetupState(NOT_CONNECTED)).toBe('not_connected')
    expect(paymentSetupState(IN_PROGRESS)).toBe('in_progress')
    expect(paymentSetupState(COMPLETE)).toBe('complete')
  })

  it('not connected: a connect button, Connecting... while pending', () => {
    const onConnect = vi.fn()
    const { rerender } = render(
      <PaymentSetupCard status={NOT_CONNECTED} connecting={false} onConnect={onConnect} />
    )
    fireEvent.click(screen.getByRole('button', { name: 'Connect Bank Account' }))
    expect(onConnect).toHaveBeenCalledTimes(1)
    rerender(<PaymentSetupCard status={NOT_CONNECTED} connecting onConnect={onConnect} />)
    expect(screen.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
    expect(screen.queryByText('Payment Setup Complete')).not.toBeInTheDocument()
  })

  it('connected but incomplete: Setup In Progress with Continue Setup', () => {
    const onConnect = vi.fn()
    render(<PaymentSetupCard status={IN_PROGRESS} connecting={false} onConnect={onConnect} />)
    expect(screen.getByText('Setup In Progress')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Continue Setup' }))
    expect(onConnect).toHaveBeenCalledTimes(1)
  })

  it('complete: Payment Setup Complete with payouts enabled and no button', () => {
    render(<PaymentSetupCard status={COMPLETE} connecting={false} onConnect={vi.fn()} />)
    expect(screen.getByText('Payment Setup Complete')).toBeInTheDocument()
    expect(screen.getByText('Enabled')).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('connecting goes to the onboarding link from the server', async () => {
    const { calls } = renderCarrier('/carrier#payments', {
      'GET /api/carrier/stripe-status': { body: NOT_CONNECTED },
      'POST /api/carrier/stripe-onboard': {
        body: { url: 'http://127.0.0.1:3333/sandbox/onboarding/acct_1?return_url=x' },
      },
    })
    expect(
      await screen.findByText(
        'Set up a bank account to receive payments from shipments',
        {},
        FIRST_PAINT
      )
    ).toBeInTheDocument()
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Bank Account' }))
    await waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith(
        'http://127.0.0.1:3333/sandbox/onboarding/acct_1?return_url=x'
      )
    )
    expect(
      calls.filter((c) => c.method === 'POST' && c.url.includes('stripe-onboard'))
    ).toHaveLength(1)
  })

  it('a refused onboarding toasts Onboarding Failed and resets the button', async () => {
    renderCarrier('/carrier#payments', {
      'GET /api/carrier/stripe-status': { body: NOT_CONNECTED },
      'POST /api/carrier/stripe-onboard': {
        status: 502,
        body: { message: 'The payment provider is unavailable; try again' },
      },
    })
    fireEvent.click(
      await screen.findByRole('button', { name: 'Connect Bank Account' }, FIRST_PAINT)
    )
    expect((await screen.findAllByText('Onboarding Failed')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText('The payment provider is unavailable; try again').length
    ).toBeGreaterThan(0)
    expect(await screen.findByRole('button', { name: 'Connect Bank Account' })).toBeEnabled()
    expect(redirectTo).not.toHaveBeenCalled()
  })

  it('shows the completed state the server reports', async () => {
    renderCarrier('/carrier#payments', { 'GET /api/carrier/stripe-status': { body: COMPLETE } })
    expect(await screen.findByText('Payment Setup Complete', {}, FIRST_PAINT)).toBeInTheDocument()
  })

  it('shows where payouts land: the bank and the last four digits', async () => {
    renderCarrier('/carrier#payments', {
      'GET /api/carrier/stripe-status': {
        body: { ...COMPLETE, payoutDestination: { bankName: 'Sandbox Test Bank', last4: '6789' } },
      },
    })
    expect(await screen.findByTestId('payout-destination', {}, FIRST_PAINT)).toHaveTextContent(
      'Sandbox Test Bank ending in 6789'
    )
  })

  describe('payout history after onboarding', () => {
    const HELD = 'Carrier payout account onboarding is not complete'
    const payout = (payoutStatus: string, reason: string | null): CarrierPayout => ({
      id: 7,
      kind: 'booking',
      reference: 'TRT-007',
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI 48201',
      createdAt: '2025-03-12T10:00:00.000Z',
      totalAmount: 1854.09,
      payoutAmount: 1687.22,
      paymentStatus: 'paid',
      payoutStatus,
      payoutReleasedAt: '2025-03-14T10:00:00.000Z',
      payoutFailureReason: reason,
      lateCancelFee: false,
      quickPayFeeCents: null,
      quickPay: null,
      recoveryDeductions: [],
    })

    const openSection = (name: string) =>
      fireEvent.click(
        within(screen.getByRole('navigation', { name: 'Carrier dashboard' })).getByRole('link', {
          name,
        })
      )

    /** Payout History seen first (held), then Payment Setup with the given status answers. */
    async function setup(statuses: Array<typeof COMPLETE>) {
      // The server pays the held payout once it sees the onboarding complete.
      let paid = false
      let polls = 0
      const mock = renderCarrier('/carrier#payouts', {
        'GET /api/carrier/payouts': () => ({
          body: [paid ? payout('paid', null) : payout('released', HELD)],
        }),
        'GET /api/carrier/stripe-status': () => {
          const status = statuses[Math.min(polls++, statuses.length - 1)]
          if (status.onboardingComplete) paid = true
          return { body: status }
        },
      })
      const row = await screen.findByRole('row', { name: 'Payout TRT-007' }, FIRST_PAINT)
      expect(within(row).getByText('Released')).toBeInTheDocument()
      expect(within(row).getByText(HELD)).toBeInTheDocument()
      openSection('Payment Setup')
      return mock
    }

    afterEach(() => vi.useRealTimers())

    it('a poll that turns the status complete refetches the cached payouts: Paid without a reload', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const { calls } = await setup([IN_PROGRESS, COMPLETE])
      expect(await screen.findByText('Setup In Progress')).toBeInTheDocument()
      expect(requestsTo(calls, 'GET', '/api/carrier/payouts')).toHaveLength(1)

      await act(() => vi.advanceTimersByTimeAsync(STRIPE_STATUS_REFRESH_MS))
      expect(await screen.findByText('Payment Setup Complete')).toBeInTheDocument()
      await waitFor(() => expect(requestsTo(calls, 'GET', '/api/carrier/payouts')).toHaveLength(2))

      openSection('Payout History')
      const row = await screen.findByRole('row', { name: 'Payout TRT-007' })
      await waitFor(() => expect(within(row).getByText('Paid')).toBeInTheDocument())
      expect(row).not.toHaveTextContent(HELD)
    })

    it('a status that is complete on arrival refetches the cached payouts too', async () => {
      const { calls } = await setup([COMPLETE])
      expect(await screen.findByText('Payment Setup Complete')).toBeInTheDocument()
      await waitFor(() => expect(requestsTo(calls, 'GET', '/api/carrier/payouts')).toHaveLength(2))
      openSection('Payout History')
      const row = await screen.findByRole('row', { name: 'Payout TRT-007' })
      expect(within(row).getByText('Paid')).toBeInTheDocument()
    })

    it('an unfinished onboarding leaves the payouts alone', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const { calls } = await setup([IN_PROGRESS])
      expect(await screen.findByText('Setup In Progress')).toBeInTheDocument()
      await act(() => vi.advanceTimersByTimeAsync(STRIPE_STATUS_REFRESH_MS))
      await waitFor(() =>
        expect(requestsTo(calls, 'GET', '/api/carrier/stripe-status').length).toBeGreaterThan(1)
      )
      expect(requestsTo(calls, 'GET', '/api/carrier/payouts')).toHaveLength(1)
    })

    it('without cached payouts nothing extra is fetched', async () => {
      const { calls } = renderCarrier('/carrier#payments', {
        'GET /api/carrier/stripe-status': { body: COMPLETE },
      })
      expect(await screen.findByText('Payment Setup Complete', {}, FIRST_PAINT)).toBeInTheDocument()
      expect(requestsTo(calls, 'GET', '/api/carrier/payouts')).toHaveLength(0)
    })
  })
})
