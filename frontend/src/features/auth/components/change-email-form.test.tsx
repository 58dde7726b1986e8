import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { checkChangeEmail } from '@/features/auth/components/change-email-form'
import type { User } from '@/features/auth/api/get-user'

function setup(user: User, routes: Record<string, MockRoute> = {}) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: user },
    'GET /api/account/two-factor': {
      body: { enabled: false, required: false, recoveryCodesLeft: 0 },
    },
    'GET /api/account/tokens': { body: [] },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  renderApp('/settings')
  return mock
}

const SHIPPER = makeUser({ role: 'shipper', email: 'sam@example.com', username: 'sam@example.com' })
const CARRIER = makeUser({
  role: 'carrier',
  email: 'cara@example.com',
  username: 'cara@example.com',
})

const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })

const refused = (field: string, message: string): MockRoute => ({
  status: 422,
  body: { message, errors: [{ field, message, rule: field }] },
})

async function submit(email: string, password: string) {
  const form = await screen.findByRole('form', { name: 'Change email' })
  fill(form, 'New email', email)
  fill(form, 'Current password', password)
  fireEvent.click(within(form).getByRole('button', { name: 'Change email' }))
  return form
}

describe('settings: change email', () => {
  it('checks the form before sending anything and focuses the first wrong field', async () => {
    expect(checkChangeEmail('a@b.co', 'x')).toEqual({})
    const { calls } = setup(SHIPPER)
    const form = await submit('not-an-email', '')
    expect(await within(form).findByText('Invalid email address')).toBeInTheDocument()
    expect(within(form).getByText('Current password is required')).toBeInTheDocument()
    expect(within(form).getByLabelText('New email')).toHaveFocus()
    expect(requestsTo(calls, 'PUT', '/api/account/email')).toHaveLength(0)
  })

  it.each([
    ['currentPassword', 'Current password is incorrect', 'Current password'],
    ['email', 'An account with this email already exists', 'New email'],
    ['email', 'This is already your email address', 'New email'],
  ])('shows the server refusing %s: %s', async (field, message, label) => {
    const { calls } = setup(SHIPPER, { 'PUT /api/account/email': refused(field, message) })
    const form = await submit('new@example.com', 'secret123')
    expect(await within(form).findByText(message)).toBeInTheDocument()
    expect(within(form).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true')
    expect(within(form).getByLabelText(label)).toHaveFocus()
    expect(requestsTo(calls, 'PUT', '/api/account/email')[0].body).toEqual({
      email: 'new@example.com',
      currentPassword: 'secret123',
    })
  })

  it('toasts a refusal that is not about a field (too many tries)', async () => {
    setup(SHIPPER, {
      'PUT /api/account/email': { status: 429, body: { message: 'Too many attempts' } },
    })
    await submit('new@example.com', 'secret123')
    expect((await screen.findAllByText('Email not changed')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Too many attempts').length).toBeGreaterThan(0)
  })

  it('shows Saving... while the change is sent', async () => {
    let answer: (value: { body: User }) => void = () => {}
    setup(SHIPPER, {
      'PUT /api/account/email': () => new Promise((resolve) => (answer = resolve)),
    })
    const form = await submit('new@example.com', 'secret123')
    expect(await within(form).findByRole('button', { name: 'Saving...' })).toBeDisabled()
    answer({ body: { ...SHIPPER, email: 'new@example.com' } })
    expect(await within(form).findByRole('button', { name: 'Change email' })).toBeEnabled()
  })

  it('a shipper: toasts where the notice went and revalidates the signed-in user', async () => {
    let current = SHIPPER
    const { calls } = setup(SHIPPER, {
      'GET /api/user': () => ({ body: current }),
      'PUT /api/account/email': () => {
        current = { ...SHIPPER, email: 'new@example.com', username: 'new@example.com' }
        return { body: current }
      },
    })
    const form = await submit('new@example.com', 'secret123')
    expect((await screen.findAllByText('Email changed')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('A notice went to sam@example.com.').length).toBeGreaterThan(0)
    expect(requestsTo(calls, 'GET', '/api/carrier/payout-hold')).toHaveLength(0)
    expect(within(form).getByLabelText('New email')).toHaveValue('')
    expect(within(form).getByLabelText('Current password')).toHaveValue('')
    await waitFor(() => expect(screen.getByText(/now new@example\.com/)).toBeInTheDocument())
  })

  it('a carrier: the toast says until when payouts are held', async () => {
    const endsAt = '2030-03-04T05:06:00.000Z'
    const { calls } = setup(CARRIER, {
      'PUT /api/account/email': { body: { ...CARRIER, email: 'new@example.com' } },
      'GET /api/carrier/payout-hold': {
        body: {
          hold: {
            kind: 'email',
            reason: 'Email changed: payouts held for 72 hours',
            noticeSentTo: 'cara@example.com',
            startsAt: '2030-03-01T05:06:00.000Z',
            endsAt,
          },
        },
      },
    })
    expect(await screen.findByText(/payouts are held for 72 hours/)).toBeInTheDocument()
    await submit('new@example.com', 'secret123')
    const { formatDateTime } = await import('@/lib/format')
    const text = `A notice went to cara@example.com. Your payouts are held until ${formatDateTime(endsAt)}.`
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0)
    expect(requestsTo(calls, 'GET', '/api/carrier/payout-hold').length).toBeGreaterThan(0)
  })
})
