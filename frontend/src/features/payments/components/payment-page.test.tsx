import { describe, expect, it, vi } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { makeBooking } from '@/testing/bookings'

// The first render loads the lazy route chunks, which is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 })

const pending = makeBooking({
  id: 5,
  status: 'pending',
  paymentStatus: 'pending',
  numberOfPallets: 4,
  distance: 283.4,
  ratePerMilePerPallet: 2.5,
  totalAmount: 3089.06,
  createdAt: '2025-06-01T12:00:00.000Z',
  paymentDueAt: '2025-06-01T12:30:00.000Z',
})

const never = () => new Promise<never>(() => undefined)

function setup(routes: Record<string, MockRoute> = {}, url = '/payment/5') {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'shipper' }) },
    'GET /api/bookings/5': { body: pending },
    'GET /api/payments/config': { body: { driver: 'sandbox', publishableKey: null } },
    'POST /api/create-payment-intent': {
      body: { clientSecret: 'pi_sb_1_secret_abc', paymentIntentId: 'pi_sb_1', amount: 3089.06 },
    },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  return { ...renderApp(url), ...mock }
}

async function fillCard(number: string) {
  const form = await screen.findByRole('form', { name: 'Card payment' })
  fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: number } })
  fireEvent.change(within(form).getByLabelText('Expiration date'), { target: { value: '1234' } })
  fireEvent.change(within(form).getByLabelText('Security code'), { target: { value: '123' } })
  return form
}

const payButton = () => screen.getByRole('button', { name: /^Pay \$3,089\.06$/ })

describe('Payment screen', () => {
  it("says 'Booking Not Found' when the booking does not load", async () => {
    setup({ 'GET /api/bookings/5': { status: 404, body: { message: 'Booking not found' } } })
    expect(await screen.findByRole('heading', { name: 'Booking Not Found' })).toBeInTheDocument()
    expect(
      screen.getByText("The booking you're trying to pay for could not be found.")
    ).toBeInTheDocument()
  })

  it("says 'Booking Not Found' for an id that is not a number, without asking the server", async () => {
    const { calls } = setup({}, '/payment/abc')
    expect(await screen.findByRole('heading', { name: 'Booking Not Found' })).toBeInTheDocument()
    expect(calls.filter((c) => c.url.startsWith('/api/bookings'))).toHaveLength(0)
  })

  it('shows skeletons while the booking loads', async () => {
    setup({ 'GET /api/bookings/5': never })
    const loading = await screen.findByLabelText('Loading booking')
    expect(loading).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByRole('heading', { name: 'Complete Payment' })).not.toBeInTheDocument()
  })

  it("says 'Payment Already Completed' for a paid booking and creates no intent", async () => {
    const { calls } = setup({
      'GET /api/bookings/5': { body: { ...pending, paymentStatus: 'paid', status: 'booked' } },
    })
    expect(
      await screen.findByRole('heading', { name: 'Payment Already Completed' })
    ).toBeInTheDocument()
    expect(screen.getByText('This booking has already been paid for.')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/create-payment-intent')).toHaveLength(0)
  })

  it('shows the booking summary and "Setting up payment..." while the secret is obtained', async () => {
    const { calls } = setup({ 'POST /api/create-payment-intent': never })
    expect(await screen.findByRole('heading', { name: 'Complete Payment' })).toBeInTheDocument()
    const summary = screen.getByRole('region', { name: 'Booking Summary' })
    const text = summary.textContent ?? ''
    expect(text).toContain('TRT-005')
    expect(text).toContain('Chicago, IL to Detroit, MI')
    expect(text).toContain('283.4 mi')
    expect(text).toContain('$2.50')
    expect(text).toContain('$3,089.06')
    expect(within(summary).getByText('4')).toBeInTheDocument()
    expect(await screen.findByText('Setting up payment...')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument()
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/create-payment-intent')[0]?.body).toEqual({
        amount: 3089.06,
        bookingId: 5,
      })
    )
  })

  it('says by when to pay, in local time, and that unpaid bookings are released', async () => {
    setup({ 'POST /api/create-payment-intent': never })
    const summary = await screen.findByRole('region', { name: 'Booking Summary' })
    const local = new Date('2025-06-01T12:30:00.000Z').toLocaleTimeString('en-US', {
      hour: 'numeric',
      minute: '2-digit',
    })
    expect(within(summary).getByText(`Pay by ${local}`)).toBeInTheDocument()
    expect(
      within(summary).getByText('Unpaid bookings are released after 30 minutes.')
    ).toBeInTheDocument()
  })

  it('shows no due time when the server sends none', async () => {
    setup({
      'GET /api/bookings/5': { body: { ...pending, paymentDueAt: null } },
      'POST /api/create-payment-intent': never,
    })
    const summary = await screen.findByRole('region', { name: 'Booking Summary' })
    expect(within(summary).queryByText(/^Pay by/)).toBeNull()
    expect(within(summary).queryByText(/released after/)).toBeNull()
  })

  it('says it could not set up the payment when the intent fails, logging the error only', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    setup({
      'POST /api/create-payment-intent': {
        status: 409,
        body: { message: 'This booking was cancelled' },
      },
    })
    expect(
      await screen.findByText('Unable to setup payment. Please try again.')
    ).toBeInTheDocument()
    expect(logged).toHaveBeenCalled()
    expect(document.querySelector('li.toast-root')).toBeNull()
    expect(screen.queryByText('This booking was cancelled')).not.toBeInTheDocument()
  })

  it('shows the Pay button once the provider and the card form are ready', async () => {
    let answerConfig: (value: { body: unknown }) => void = () => undefined
    setup({
      'GET /api/payments/config': () =>
        new Promise((resolve) => {
          answerConfig = resolve
        }),
    })
    expect(await screen.findByText('Setting up payment...')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument()
    answerConfig({ body: { driver: 'sandbox', publishableKey: null } })
    const form = await screen.findByRole('form', { name: 'Card payment' })
    fireEvent.change(within(form).getByLabelText('Card number'), {
      target: { value: '4242424242424242' },
    })
    expect(within(form).getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242')
    await fillCard('4242424242424242')
    expect(within(form).getByLabelText('Expiration date')).toHaveValue('12 / 34')
    expect(payButton()).toBeEnabled()
    // The sandbox's test cards are listed under the form.
    const hints = within(form).getByRole('list', { name: 'Test cards' })
    expect(hints.textContent).toContain('4242 4242 4242 4242')
    expect(hints.textContent).toContain('4000 0000 0000 0002')
    expect(hints.textContent).toContain('4000 0000 0000 9995')
  })

  it("shows 'Payment Failed' with the provider's message for a declined card", async () => {
    const { calls } = setup({
      'POST /api/sandbox/payments/confirm': {
        status: 402,
        body: { message: 'Your card was declined.', code: 'card_declined' },
      },
    })
    await fillCard('4000 0000 0000 0002')
    fireEvent.click(payButton())
    expect((await screen.findAllByText('Payment Failed')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Your card was declined.').length).toBeGreaterThan(0)
    // On the form, not in a toast that goes away.
    const form = screen.getByRole('form', { name: 'Card payment' })
    expect(within(form).getByText('Payment Failed').closest('[role="alert"]')).not.toBeNull()
    expect(document.querySelector('li.toast-root')).toBeNull()
    expect(requestsTo(calls, 'POST', '/api/sandbox/payments/confirm')[0].body).toEqual({
      clientSecret: 'pi_sb_1_secret_abc',
      cardNumber: '4000000000000002',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    })
    // Still on the form, ready for another card.
    await waitFor(() => expect(payButton()).toBeEnabled())
  })

  it('shows "Your last payment attempt failed" after a decline, without a reload', async () => {
    let reads = 0
    const { calls } = setup({
      'POST /api/sandbox/payments/confirm': {
        status: 402,
        body: { message: 'Your card was declined.', code: 'card_declined' },
      },
      // The page's read, then the read after the failed attempt.
      'GET /api/bookings/5': () => {
        reads += 1
        return {
          body: { ...pending, paymentFailureMessage: reads > 1 ? 'Your card was declined.' : null },
        }
      },
    })
    await fillCard('4000 0000 0000 0002')
    expect(screen.queryByText('Your last payment attempt failed')).not.toBeInTheDocument()
    fireEvent.click(payButton())
    const notice = await screen.findByText('Your last payment attempt failed')
    expect(notice.closest('[role="alert"]')?.textContent).toContain('Your card was declined.')
    expect(requestsTo(calls, 'GET', '/api/bookings/5').length).toBeGreaterThan(1)
  })

  it("shows 'Payment Error' with the message for any other failure", async () => {
    setup({
      'POST /api/sandbox/payments/confirm': { status: 500, body: { message: 'Server exploded' } },
    })
    await fillCard('4242 4242 4242 4242')
    fireEvent.click(payButton())
    expect((await screen.findAllByText('Payment Error')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Server exploded').length).toBeGreaterThan(0)
  })

  it('pays, toasts success, and the success page reveals the carrier once paid', async () => {
    let reads = 0
    const paid = {
      ...pending,
      status: 'booked',
      paymentStatus: 'paid',
      carrierName: 'Great Lakes Freight',
      carrier: {
        companyName: 'Great Lakes Freight',
        contactName: 'Dana Cole',
        email: 'dispatch@lakes.test',
        phone: '3125550100',
        dotNumber: '1234567',
        mcNumber: 'MC-765432',
      },
    }
    const { router } = setup({
      'POST /api/sandbox/payments/confirm': { body: { status: 'succeeded' } },
      // The payment screen's read, then the success page: not yet confirmed, then paid.
      'GET /api/bookings/5': () => {
        reads += 1
        return { body: reads <= 2 ? pending : paid }
      },
    })
    await fillCard('4242 4242 4242 4242')
    fireEvent.click(payButton())
    expect(
      (await screen.findAllByText('Your payment has been processed successfully.')).length
    ).toBeGreaterThan(0)
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'))
    expect(router.state.location.search).toBe('?booking=5')
    expect(
      await screen.findByRole('heading', { name: 'Confirming your payment...' })
    ).toBeInTheDocument()
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful' }, { timeout: 4000 })
    ).toBeInTheDocument()
    const carrier = screen.getByRole('region', { name: 'Your Carrier' })
    for (const value of [
      'Great Lakes Freight',
      'Dana Cole',
      '3125550100',
      'dispatch@lakes.test',
      '1234567',
      'MC-765432',
    ]) {
      expect(carrier.textContent).toContain(value)
    }
    expect(screen.getByText(/TRT-005/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View My Bookings' })).toHaveAttribute(
      'href',
      '/shipper#bookings'
    )
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard'
    )
  })
})
