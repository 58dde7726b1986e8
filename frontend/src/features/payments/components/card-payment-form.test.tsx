import { describe, expect, it, vi } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { CardPaymentForm } from '@/features/payments/components/card-payment-form'

configure({ asyncUtilTimeout: 5000 })

function setup(confirm: { status?: number; body: unknown }) {
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
      returnPath="/post-load"
      cancel={
        <button type="button" onClick={onCancel}>
          Not now
        </button>
      }
    />,
    { url: '/somewhere' }
  )
  return { ...rendered, ...mock, onSucceeded, onCancel }
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

  it('toasts a decline and does not call onSucceeded', async () => {
    const { onSucceeded } = setup({
      status: 402,
      body: { message: 'Your card was declined.', code: 'card_declined' },
    })
    await payWith('4000 0000 0000 0002')
    expect((await screen.findAllByText('Payment Failed')).length).toBeGreaterThan(0)
    expect(onSucceeded).not.toHaveBeenCalled()
  })

  it("renders the caller's way out beside Pay", async () => {
    const { onCancel } = setup({ body: { status: 'succeeded' } })
    const form = await screen.findByRole('form', { name: 'Card payment' })
    fireEvent.click(within(form).getByRole('button', { name: 'Not now' }))
    expect(onCancel).toHaveBeenCalled()
  })
})
