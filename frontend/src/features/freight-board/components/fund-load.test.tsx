import * as React from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ShipperLoad } from '@/features/freight-board/api/types'
import { PostLoadPage } from '@/features/freight-board/components/post-load-page'
import {
  FIRST_PAINT,
  makeAudit,
  makeShipperLoad,
  renderAs,
} from '@/features/freight-board/testing/fixtures'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderWithProviders, setXsrfCookie } from '@/testing/test-utils'

// Stripe.js cannot load from its CDN here (see payments' stripe-payment-form.test.tsx).
const stripe = vi.hoisted(() => ({ confirmPayment: vi.fn(), loadStripe: vi.fn() }))
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }))
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => <>{children}</>,
  PaymentElement: ({ onReady }: { onReady?: () => void }) => {
    React.useEffect(() => onReady?.(), [onReady])
    return <div data-testid="payment-element" />
  },
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ submit: vi.fn() }),
}))

const INTENT = { clientSecret: 'pi_sb_31_secret_fund', paymentIntentId: 'pi_sb_31', amount: 1250 }
const SANDBOX = { body: { driver: 'sandbox', publishableKey: null } }

async function openPostLoad(routes: Record<string, MockRoute>) {
  const rendered = renderAs('shipper', '/post-load', {
    'GET /api/payments/config': SANDBOX,
    ...routes,
  })
  await screen.findByRole('heading', { level: 1, name: 'Post a Load' }, FIRST_PAINT)
  const list = await screen.findByRole('list', { name: 'My posted loads' })
  return { ...rendered, list }
}

const fundButton = (id = 31) =>
  screen.queryByRole('button', { name: `Fund listing #${id} by card` })

async function fillCard(dialog: HTMLElement) {
  const form = await within(dialog).findByRole('form', { name: 'Card payment' })
  fireEvent.change(within(form).getByLabelText('Card number'), {
    target: { value: '4242424242424242' },
  })
  fireEvent.change(within(form).getByLabelText('Expiration date'), { target: { value: '1234' } })
  fireEvent.change(within(form).getByLabelText('Security code'), { target: { value: '123' } })
  return form
}

describe('Funding a posted load by card', () => {
  beforeEach(() => {
    stripe.confirmPayment.mockReset()
    stripe.loadStripe.mockReset()
    stripe.loadStripe.mockResolvedValue({ id: 'stripe' })
  })

  it('offers Fund by card on open unfunded loads only, and shows funded, refunded and paid claims', async () => {
    const { list } = await openPostLoad({
      'GET /api/shipper/freight-listings': {
        body: [
          makeShipperLoad({ id: 31 }),
          makeShipperLoad({ id: 32, payment_status: 'FUNDED' }),
          makeShipperLoad({
            id: 33,
            status: 'CLAIMED',
            carrier_label: 'Carrier #204',
            booking_id: 9,
            booking_reference: 'TRT-009',
          }),
          makeShipperLoad({ id: 34, status: 'CANCELLED', payment_status: 'REFUNDED' }),
          makeShipperLoad({
            id: 35,
            status: 'CLAIMED',
            payment_status: 'FUNDED',
            carrier_label: 'Carrier #118',
            booking_id: 12,
            booking_reference: 'TRT-012',
          }),
          makeShipperLoad({ id: 36, status: 'EXPIRED' }),
        ],
      },
    })
    const [open, funded, claimed, refunded, paidClaim, expired] =
      within(list).getAllByRole('listitem')
    expect(
      within(open).getByRole('button', { name: 'Fund listing #31 by card' })
    ).toHaveTextContent('Fund by card')
    for (const item of [funded, claimed, refunded, paidClaim, expired]) {
      expect(within(item).queryByRole('button', { name: /by card$/ })).not.toBeInTheDocument()
    }
    expect(within(funded).getByText('Funded')).toBeInTheDocument()
    expect(within(refunded).getByText('Refunded')).toBeInTheDocument()
    expect(within(refunded).queryByText('Funded')).not.toBeInTheDocument()
    // Unfunded claim: the booking still has to be paid.
    expect(within(claimed).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/payment/9'
    )
    // Funded claim: the claim paid the booking with the load's charge.
    expect(within(paidClaim).queryByRole('link', { name: /Pay now/ })).not.toBeInTheDocument()
    expect(within(paidClaim).getByText("Paid from the load's funding")).toBeInTheDocument()
    expect(within(paidClaim).getByRole('link', { name: 'See your carrier' })).toHaveAttribute(
      'href',
      '/shipper#bookings'
    )
  })

  it('asks for the intent, showing that it is busy, before opening the dialog', async () => {
    const { calls } = await openPostLoad({
      'GET /api/shipper/freight-listings': { body: [makeShipperLoad()] },
      'POST /api/freight-listings/31/fund': () => new Promise(() => undefined),
    })
    fireEvent.click(fundButton()!)
    await waitFor(() => expect(fundButton()).toBeDisabled())
    expect(fundButton()).toHaveAttribute('aria-busy', 'true')
    expect(fundButton()).toHaveTextContent('Preparing payment...')
    expect(requestsTo(calls, 'POST', '/api/freight-listings/31/fund')).toHaveLength(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('opens Fund load #31 with the amount and what funding means, then pays with the sandbox card', async () => {
    let paid = false
    let readsAfterPayment = 0
    const { calls } = await openPostLoad({
      'GET /api/shipper/freight-listings': () => {
        if (paid) readsAfterPayment += 1
        // The webhook has not been seen for the first two reads after the card was accepted.
        const funded = paid && readsAfterPayment > 2
        return { body: [makeShipperLoad({ payment_status: funded ? 'FUNDED' : 'UNFUNDED' })] }
      },
      'POST /api/freight-listings/31/fund': { body: INTENT },
      'POST /api/sandbox/payments/confirm': () => {
        paid = true
        return { body: { status: 'succeeded' } }
      },
    })
    fireEvent.click(fundButton()!)
    const dialog = await screen.findByRole('dialog', { name: 'Fund load #31' })
    expect(requestsTo(calls, 'POST', '/api/freight-listings/31/fund')[0].body).toBeUndefined()
    const text = dialog.textContent ?? ''
    expect(text).toContain('$1,250.00')
    expect(text).toContain("Your card is charged the load's price, $1,250.00, now.")
    expect(text).toContain('91 percent goes to the carrier, and PalletLine keeps 9 percent')
    expect(text).toContain('Carriers see the load as Funded')
    expect(text).toContain('refunded to your card in full')

    const form = await fillCard(dialog)
    fireEvent.click(within(form).getByRole('button', { name: 'Pay $1,250.00' }))

    expect(await screen.findByText('Load funded')).toBeInTheDocument()
    expect(screen.getByText('Carriers now see listing #31 as funded.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/sandbox/payments/confirm')[0].body).toEqual({
      clientSecret: 'pi_sb_31_secret_fund',
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    })
    // Until the load reads FUNDED it says so, offers no second payment, and asks every second.
    expect(screen.getByText(/Waiting for the payment to be confirmed/)).toBeInTheDocument()
    expect(fundButton()).not.toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'My posted loads' })
    expect(await within(list).findByText('Funded', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(readsAfterPayment).toBe(3)
    expect(screen.queryByText(/Waiting for the payment to be confirmed/)).not.toBeInTheDocument()
    expect(fundButton()).not.toBeInTheDocument()
    // Then it stops asking.
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(readsAfterPayment).toBe(3)
  })

  it('keeps the dialog open on a declined card, and Cancel closes it without paying', async () => {
    const { calls } = await openPostLoad({
      'GET /api/shipper/freight-listings': { body: [makeShipperLoad()] },
      'POST /api/freight-listings/31/fund': { body: INTENT },
      'POST /api/sandbox/payments/confirm': {
        status: 402,
        body: { message: 'Your card was declined.', code: 'card_declined' },
      },
    })
    fireEvent.click(fundButton()!)
    const dialog = await screen.findByRole('dialog', { name: 'Fund load #31' })
    const form = await fillCard(dialog)
    fireEvent.click(within(form).getByRole('button', { name: 'Pay $1,250.00' }))
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Fund load #31' })).toBeInTheDocument()
    expect(screen.queryByText('Load funded')).not.toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(requestsTo(calls, 'POST', '/api/sandbox/payments/confirm')).toHaveLength(1)
    expect(fundButton()).toBeEnabled()
  })

  it.each([
    [409, 'This load is already funded'],
    [409, 'Only an open load can be funded'],
    [404, 'Load not found'],
    [502, 'The card provider is unavailable'],
  ])('toasts the server message of a %i and opens no dialog', async (status, message) => {
    await openPostLoad({
      'GET /api/shipper/freight-listings': { body: [makeShipperLoad()] },
      'POST /api/freight-listings/31/fund': { status, body: { message } },
    })
    fireEvent.click(fundButton()!)
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByText('Could not fund the load')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(fundButton()).toBeEnabled())
  })

  it('confirms with Stripe when it is the provider, coming back to /post-load after a redirect', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } })
    await openPostLoad({
      'GET /api/payments/config': { body: { driver: 'stripe', publishableKey: 'pk_test_fund' } },
      'GET /api/shipper/freight-listings': { body: [makeShipperLoad()] },
      'POST /api/freight-listings/31/fund': {
        body: { ...INTENT, clientSecret: 'pi_31_secret_stripe' },
      },
    })
    fireEvent.click(fundButton()!)
    const dialog = await screen.findByRole('dialog', { name: 'Fund load #31' })
    await within(dialog).findByTestId('payment-element')
    const pay = within(dialog).getByRole('button', { name: 'Pay $1,250.00' })
    await waitFor(() => expect(pay).toBeEnabled())
    fireEvent.click(pay)
    expect(await screen.findByText('Load funded')).toBeInTheDocument()
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_fund')
    expect(stripe.confirmPayment.mock.calls[0][0].confirmParams.return_url).toBe(
      `${window.location.origin}/post-load`
    )
  })

  it('names the funding events in the history of a load', async () => {
    await openPostLoad({
      'GET /api/shipper/freight-listings': { body: [makeShipperLoad()] },
      'GET /api/freight-listings/31/audits': {
        body: [
          makeAudit({ id: 1, action: 'posted' }),
          makeAudit({ id: 2, action: 'funding_failed' }),
          makeAudit({ id: 3, action: 'funded' }),
          makeAudit({ id: 4, action: 'cancelled' }),
          makeAudit({ id: 5, action: 'refunded', actor_role: null }),
        ],
      },
    })
    fireEvent.click(screen.getByRole('button', { name: 'History of listing #31' }))
    const history = await screen.findByRole('list', { name: 'History of listing #31' })
    expect(within(history).getByText('Card payment failed')).toBeInTheDocument()
    expect(within(history).getByText('Funded by card')).toBeInTheDocument()
    expect(within(history).getByText('Funding refunded to the card')).toBeInTheDocument()
  })

  it('offers no funding when the page is given no card form', async () => {
    setXsrfCookie()
    mockFetch({
      'GET /api/user': { body: makeUser({ id: 2, role: 'shipper' }) },
      'GET /api/shipper/freight-listings': { body: [makeShipperLoad()] as ShipperLoad[] },
    })
    renderWithProviders(<PostLoadPage />)
    expect(
      await screen.findByRole('button', { name: 'Cancel listing #31' }, FIRST_PAINT)
    ).toBeInTheDocument()
    expect(fundButton()).not.toBeInTheDocument()
  })
})
