import { describe, expect, it, vi } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { CardPaymentForm } from '@/features/payments/components/card-payment-form'

configure({ asyncUtilTimeout: 5000 })

function setup(confirm: { status?: number; body: unknown }, onFailed = vi.fn()) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { status: 401, body: { message: 'Unauthorized' } },
    'GET /api/payments/config': { body: { driver: 'sandbox', publishableKey: null } },
    'POST /api/sandbox/payments/confirm': confirm,
  })
  const onSucceeded = vi.fn()
  const onCancel = vi.fn()
  const rendered = renderWithProviders(
    <CardPaymentForm
      clientSecret="pi_sb_7_secret_x"
      amount={1250}
      onSucceeded={onSucceeded}
      onFailed={onFailed}
      returnPath="/post-load"
      cancel={
        <button type="button" onClick={onCancel}>
          Not now
        </button>
      }
    />,
    { url: '/somewhere' }
  )
  return { ...rendered, ...mock, onSucceeded, onCancel, onFailed }
}

async function payWith(number: string) {
  const form = await screen.findByRole('form', { name: 'Card payment' })
  fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: number } })
  fireEvent.change(within(form).getByLabelText('Expiration date'), { target: { value: '1234' } })
  fireEvent.change(within(form).getByLabelText('Security code'), { target: { value: '123' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Pay $1,250.00' }))
}

describe('CardPaymentForm outside a booking', () => {
  it('hands success to the caller: no booking toast, no navigation', async () => {
    const { calls, router, onSucceeded } = setup({ body: { status: 'succeeded' } })
    await payWith('4242 4242 4242 4242')
    await waitFor(() => expect(onSucceeded).toHaveBeenCalledTimes(1))
    expect(requestsTo(calls, 'POST', '/api/sandbox/payments/confirm')[0].body).toMatchObject({
      clientSecret: 'pi_sb_7_secret_x',
      cardNumber: '4242424242424242',
    })
    expect(router.state.location.pathname).toBe('/somewhere')
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument()
  })

  it('keeps a decline on the form with what to do next, and tells the caller', async () => {
    const { onSucceeded, onFailed } = setup({
      status: 402,
      body: { message: 'Your card was declined.', code: 'card_declined' },
    })
    await payWith('4000 0000 0000 0002')
    const form = screen.getByRole('form', { name: 'Card payment' })
    const inline = (await within(form).findByText('Payment Failed')).closest('[role="alert"]')
    expect(inline?.textContent).toContain('Your card was declined.')
    expect(inline?.textContent).toContain('Try another card')
    // Not a toast that goes away: it is part of the form.
    expect(document.querySelector('li.toast-root')).toBeNull()
    expect(onSucceeded).not.toHaveBeenCalled()
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1))
  })

  it("renders the caller's way out beside Pay", async () => {
    const { onCancel } = setup({ body: { status: 'succeeded' } })
    const form = await screen.findByRole('form', { name: 'Card payment' })
    fireEvent.click(within(form).getByRole('button', { name: 'Not now' }))
    expect(onCancel).toHaveBeenCalled()
  })
})

const field = (name: string) =>
  within(screen.getByRole('form', { name: 'Card payment' })).getByLabelText(name)

/** The message the field points to through aria-describedby, which must be aria-invalid. */
function messageOf(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null
  const id = input.getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? null) : null
}

describe('Sandbox card form: each field says what is wrong with it', () => {
  it('says a card number that fails its checksum is not valid', async () => {
    setup({ body: { status: 'succeeded' } })
    await screen.findByRole('form', { name: 'Card payment' })
    fireEvent.change(field('Card number'), { target: { value: '1234 5678 9012 3456' } })
    expect(messageOf(field('Card number'))).toBe(
      'This card number is not valid: check it for a typo'
    )
    fireEvent.change(field('Card number'), { target: { value: '4242 4242 4242 4242' } })
    expect(messageOf(field('Card number'))).toBeNull()
    expect(field('Card number')).not.toHaveAttribute('aria-describedby')
  })

  it('says a short card number is too short once the field is left', async () => {
    setup({ body: { status: 'succeeded' } })
    await screen.findByRole('form', { name: 'Card payment' })
    fireEvent.change(field('Card number'), { target: { value: '4242 4242' } })
    expect(messageOf(field('Card number'))).toBeNull()
    fireEvent.blur(field('Card number'))
    expect(messageOf(field('Card number'))).toBe(
      'The card number is too short: enter all the digits on the card'
    )
  })

  it('says a month above 12 is not a month, and a past expiry has expired', async () => {
    setup({ body: { status: 'succeeded' } })
    await screen.findByRole('form', { name: 'Card payment' })
    fireEvent.change(field('Expiration date'), { target: { value: '1399' } })
    expect(field('Expiration date')).toHaveValue('13 / 99')
    expect(messageOf(field('Expiration date'))).toBe('The month must be 01 to 12')
    fireEvent.change(field('Expiration date'), { target: { value: '0120' } })
    expect(messageOf(field('Expiration date'))).toBe(
      'This card has expired: use a card that has not'
    )
    fireEvent.change(field('Expiration date'), { target: { value: '1299' } })
    expect(messageOf(field('Expiration date'))).toBeNull()
  })

  it('says a one-digit security code is not one, once the field is left', async () => {
    setup({ body: { status: 'succeeded' } })
    await screen.findByRole('form', { name: 'Card payment' })
    fireEvent.change(field('Security code'), { target: { value: '1' } })
    fireEvent.blur(field('Security code'))
    expect(messageOf(field('Security code'))).toBe(
      'The security code is the 3 or 4 digits on the card'
    )
  })

  it('on Pay with wrong fields, says what is wrong on each, sends nothing and focuses the first', async () => {
    const { calls } = setup({ body: { status: 'succeeded' } })
    const form = await screen.findByRole('form', { name: 'Card payment' })
    fireEvent.change(field('Card number'), { target: { value: '1234 5678 9012 3456' } })
    fireEvent.change(field('Expiration date'), { target: { value: '1399' } })
    fireEvent.change(field('Security code'), { target: { value: '1' } })
    const pay = within(form).getByRole('button', { name: 'Pay $1,250.00' })
    expect(pay).toBeEnabled()
    fireEvent.click(pay)
    expect(messageOf(field('Card number'))).toBe(
      'This card number is not valid: check it for a typo'
    )
    expect(messageOf(field('Expiration date'))).toBe('The month must be 01 to 12')
    expect(messageOf(field('Security code'))).toBe(
      'The security code is the 3 or 4 digits on the card'
    )
    expect(field('Card number')).toHaveFocus()
    expect(requestsTo(calls, 'POST', '/api/sandbox/payments/confirm')).toHaveLength(0)
  })

  it("puts the provider's refusal of one field on that field", async () => {
    setup({
      status: 422,
      body: {
        message: 'Validation failed',
        errors: [{ field: 'cvc', message: "Your card's security code is invalid.", rule: 'card' }],
      },
    })
    await payWith('4242 4242 4242 4242')
    await waitFor(() =>
      expect(messageOf(field('Security code'))).toBe("Your card's security code is invalid.")
    )
    fireEvent.change(field('Security code'), { target: { value: '456' } })
    expect(messageOf(field('Security code'))).toBeNull()
  })
})
