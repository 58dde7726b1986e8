import * as React from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { makeBooking } from '@/testing/bookings'

configure({ asyncUtilTimeout: 5000 })

// Stripe.js cannot load from its CDN here: loadStripe and the React bindings are stand-ins
// that keep the contract the form relies on (Elements options, onReady, confirmPayment).
const stripe = vi.hoisted(() => ({
  confirmPayment: vi.fn(),
  loadStripe: vi.fn(),
  elementsOptions: [] as unknown[],
}))

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }))
vi.mock('@stripe/react-stripe-js', () => {
  const fakeElements = { submit: vi.fn() }
  return {
    Elements: ({ children, options }: { children: React.ReactNode; options: unknown }) => {
      stripe.elementsOptions.push(options)
      return <>{children}</>
    },
    PaymentElement: ({ onReady }: { onReady?: () => void }) => {
      React.useEffect(() => {
        const t = setTimeout(() => onReady?.(), 50)
        return () => clearTimeout(t)
      }, [onReady])
      return <div data-testid="payment-element" />
    },
    useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
    useElements: () => fakeElements,
  }
})

const booking = makeBooking({ id: 9, status: 'pending', paymentStatus: 'pending' })

function setup(publishableKey = 'pk_test_123') {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'shipper' }) },
    'GET /api/bookings/9': { body: booking },
    'GET /api/payments/config': { body: { driver: 'stripe', publishableKey } },
    'POST /api/create-payment-intent': {
      body: { clientSecret: 'pi_9_secret_x', paymentIntentId: 'pi_9', amount: 3089.06 },
    },
    'POST /api/analytics/events': { status: 204 },
  })
  return { ...renderApp('/payment/9'), ...mock }
}

describe('Payment screen with the Stripe provider', () => {
  beforeEach(() => {
    stripe.confirmPayment.mockReset()
    stripe.loadStripe.mockReset()
    stripe.loadStripe.mockResolvedValue({ id: 'stripe' })
    stripe.elementsOptions.length = 0
  })

  it('loads Stripe.js with the publishable key and confirms with the success return URL', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } })
    const { router, calls } = setup()
    await screen.findByTestId('payment-element')
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123')
    expect(stripe.elementsOptions.at(-1)).toMatchObject({
      clientSecret: 'pi_9_secret_x',
      appearance: { variables: { colorPrimary: '#f97316' } },
    })
    const pay = screen.getByRole('button', { name: /^Pay / })
    expect(pay).toBeDisabled()
    await waitFor(() => expect(pay).toBeEnabled())
    fireEvent.click(pay)
    await waitFor(() => expect(stripe.confirmPayment).toHaveBeenCalled())
    const args = stripe.confirmPayment.mock.calls[0][0]
    expect(args.confirmParams.return_url).toBe(
      `${window.location.origin}/payment-success?booking=9`
    )
    expect((await screen.findAllByText('Payment Successful')).length).toBeGreaterThan(0)
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'))
    expect(requestsTo(calls, 'POST', '/api/sandbox/payments/confirm')).toHaveLength(0)
  })

  it("shows 'Payment Failed' with Stripe's message when the card is declined", async () => {
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    })
    setup()
    await screen.findByTestId('payment-element')
    const pay = screen.getByRole('button', { name: /^Pay / })
    await waitFor(() => expect(pay).toBeEnabled())
    fireEvent.click(pay)
    const form = screen.getByRole('form', { name: 'Card payment' })
    const inline = (await within(form).findByText('Payment Failed')).closest('[role="alert"]')
    expect(inline?.textContent).toContain('Your card was declined.')
    expect(inline?.textContent).toContain('Try another card')
  })

  it("shows 'Payment Error' when Stripe fails for another reason", async () => {
    stripe.confirmPayment.mockRejectedValue(new Error('Network down'))
    setup()
    await screen.findByTestId('payment-element')
    const pay = screen.getByRole('button', { name: /^Pay / })
    await waitFor(() => expect(pay).toBeEnabled())
    fireEvent.click(pay)
    expect((await screen.findAllByText('Payment Error')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Network down').length).toBeGreaterThan(0)
  })

  it('says it could not set up the payment when Stripe.js fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    stripe.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'))
    // A key not loaded before: Stripe.js is loaded once per key and kept.
    setup('pk_test_unreachable')
    expect(
      await screen.findByText('Unable to setup payment. Please try again.')
    ).toBeInTheDocument()
  })
})
