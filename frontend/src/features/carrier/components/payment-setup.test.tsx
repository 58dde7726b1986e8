import { describe, expect, it, vi, beforeEach } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { FIRST_PAINT, renderCarrier } from '@/features/carrier/testing/fixtures'
import { PaymentSetupCard, paymentSetupState } from '@/features/carrier/components/payment-setup'
import { redirectTo } from '@/features/carrier/utils/redirect'

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
})
