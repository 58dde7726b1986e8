import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { FIRST_PAINT, renderCarrier } from '@/features/carrier/testing/fixtures'
import { requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { formatDateTime } from '@/lib/format'

const IN_PROGRESS = { connected: true, onboardingComplete: false, payoutsEnabled: false }
const COMPLETE = { connected: true, onboardingComplete: true, payoutsEnabled: true }
const URL = 'http://127.0.0.1:3333/sandbox/onboarding/acct_2?return_url=x'
const ENDS_AT = '2030-03-04T05:06:00.000Z'
const HOLD = {
  kind: 'payout_account',
  reason: 'Payout account replaced: payouts held for 72 hours',
  noticeSentTo: 'cora@example.com',
  startsAt: '2030-03-01T05:06:00.000Z',
  endsAt: ENDS_AT,
}

function setup(replace: MockRoute) {
  let replaced = false
  const mock = renderCarrier('/carrier#payments', {
    'GET /api/carrier/stripe-status': () => ({ body: replaced ? IN_PROGRESS : COMPLETE }),
    'GET /api/carrier/payout-hold': () => ({ body: { hold: replaced ? HOLD : null } }),
    'POST /api/carrier/payout-account/replace': async (req) => {
      const answer = typeof replace === 'function' ? await replace(req) : replace
      if ((answer.status ?? 200) === 200) replaced = true
      return answer
    },
  })
  return mock
}

async function openDialog() {
  fireEvent.click(
    await screen.findByRole('button', { name: 'Replace payout account' }, FIRST_PAINT)
  )
  const dialog = await screen.findByRole('alertdialog', { name: 'Replace payout account' })
  return dialog
}

const confirm = (dialog: HTMLElement, password: string) => {
  fireEvent.change(within(dialog).getByLabelText('Current password'), {
    target: { value: password },
  })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Replace account' }))
}

describe('payment setup: replace payout account', () => {
  it('explains the hold and re-onboarding, focuses the password, asks for it', async () => {
    const { calls } = setup({ body: { url: URL, payoutsHeldUntil: ENDS_AT } })
    const dialog = await openDialog()
    expect(dialog).toHaveTextContent('held for 72 hours')
    expect(dialog).toHaveTextContent('set it up again')
    await waitFor(() => expect(within(dialog).getByLabelText('Current password')).toHaveFocus())
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace account' }))
    expect(await within(dialog).findByText('Current password is required')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/carrier/payout-account/replace')).toHaveLength(0)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })

  it.each([
    [
      422,
      {
        message: 'Current password is incorrect',
        errors: [
          {
            field: 'currentPassword',
            message: 'Current password is incorrect',
            rule: 'currentPassword',
          },
        ],
      },
      'Current password is incorrect',
    ],
    [409, { message: 'Connect a payout account first' }, 'Connect a payout account first'],
    [429, { message: 'Too many attempts' }, 'Too many attempts'],
    [
      502,
      { message: 'The payment provider is unavailable; try again' },
      'The payment provider is unavailable; try again',
    ],
  ])('shows a %s refusal on the password field', async (status, body, message) => {
    const { calls } = setup({ status, body })
    const dialog = await openDialog()
    confirm(dialog, 'not-it')
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute(
      'aria-invalid',
      'true'
    )
    expect(requestsTo(calls, 'POST', '/api/carrier/payout-account/replace')[0].body).toEqual({
      currentPassword: 'not-it',
    })
    expect(screen.getByText('Payment Setup Complete')).toBeInTheDocument()
  })

  it('shows Replacing... while it is sent', async () => {
    let answer: (value: { body: unknown }) => void = () => {}
    setup(() => new Promise((resolve) => (answer = resolve)))
    const dialog = await openDialog()
    confirm(dialog, 'secret123')
    expect(await within(dialog).findByRole('button', { name: 'Replacing...' })).toBeDisabled()
    answer({ body: { url: URL, payoutsHeldUntil: ENDS_AT } })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })

  it('afterwards: the toast, the hold notice and the new account to set up', async () => {
    setup({ body: { url: URL, payoutsHeldUntil: ENDS_AT } })
    const dialog = await openDialog()
    confirm(dialog, 'secret123')
    expect((await screen.findAllByText('Payout account replaced')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText(new RegExp(`Payouts are held until ${formatDateTime(ENDS_AT)}`)).length
    ).toBeGreaterThan(0)
    expect(await screen.findByText('Setup In Progress')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Set Up New Account' })).toHaveAttribute('href', URL)
    expect(
      await screen.findByText(`Payouts on hold until ${formatDateTime(ENDS_AT)}`)
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Replace payout account' })).not.toBeInTheDocument()
  })

  it('is not offered before an account is connected', async () => {
    renderCarrier('/carrier#payments', {
      'GET /api/carrier/stripe-status': {
        body: { connected: false, onboardingComplete: false, payoutsEnabled: false },
      },
    })
    expect(
      await screen.findByRole('button', { name: 'Connect Bank Account' }, FIRST_PAINT)
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Replace payout account' })).not.toBeInTheDocument()
  })
})
