import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { checkChangeEmail } from '@/features/auth/components/change-email-form'
import type { EmailChangeState } from '@/features/auth/api/change-email'
import type { User } from '@/features/auth/api/get-user'
import { formatDateTime } from '@/lib/format'

const SHIPPER = makeUser({ role: 'shipper', email: 'sam@example.com', username: 'sam@example.com' })
const CARRIER = makeUser({
  role: 'carrier',
  email: 'cara@example.com',
  username: 'cara@example.com',
})

const SENT_AT = '2030-03-04T05:06:00.000Z'
const EXPIRES_AT = '2030-03-05T05:06:00.000Z'
const waiting = (user: User, email = 'new@example.com'): EmailChangeState => ({
  email: user.email,
  pending: { email, sentAt: SENT_AT, expiresAt: EXPIRES_AT },
})
const nothing = (user: User): EmailChangeState => ({ email: user.email, pending: null })

function setup(user: User, routes: Record<string, MockRoute> = {}) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: user },
    'GET /api/account/email': { body: nothing(user) },
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

const pendingPanel = () => screen.findByRole('region', { name: 'Email change waiting' })

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

  it('shows Sending... while the request is sent', async () => {
    let answer: (value: { status: number; body: EmailChangeState }) => void = () => {}
    setup(SHIPPER, {
      'PUT /api/account/email': () => new Promise((resolve) => (answer = resolve)),
    })
    const form = await submit('new@example.com', 'secret123')
    expect(await within(form).findByRole('button', { name: 'Sending...' })).toBeDisabled()
    answer({ status: 202, body: waiting(SHIPPER) })
    expect(await within(form).findByRole('button', { name: 'Change email' })).toBeEnabled()
  })

  it('says the link went to the new address; the email stays until it is opened', async () => {
    const { calls } = setup(SHIPPER, {
      'PUT /api/account/email': { status: 202, body: waiting(SHIPPER) },
    })
    expect(
      await screen.findByText(/We send a link to the new address: the change applies/)
    ).toBeInTheDocument()
    const form = await submit('new@example.com', 'secret123')
    expect((await screen.findAllByText('Check your new inbox')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText(
        'Open the link we sent to new@example.com to finish the change. A notice went to sam@example.com.'
      ).length
    ).toBeGreaterThan(0)
    const panel = await pendingPanel()
    expect(panel).toHaveTextContent('Waiting for confirmation: new@example.com')
    expect(panel).toHaveTextContent(`The link works until ${formatDateTime(EXPIRES_AT)}`)
    expect(screen.getByText(/now sam@example\.com/)).toBeInTheDocument()
    expect(within(form).getByLabelText('New email')).toHaveValue('')
    expect(within(form).getByLabelText('Current password')).toHaveValue('')
    expect(requestsTo(calls, 'GET', '/api/carrier/payout-hold')).toHaveLength(0)
  })

  it('a waiting change can be sent again or cancelled', async () => {
    let state = waiting(SHIPPER)
    const { calls } = setup(SHIPPER, {
      'GET /api/account/email': () => ({ body: state }),
      'POST /api/account/email/resend': () => {
        state = waiting(SHIPPER)
        state.pending!.expiresAt = '2030-03-06T05:06:00.000Z'
        return { status: 202, body: state }
      },
      'DELETE /api/account/email/pending': () => {
        state = nothing(SHIPPER)
        return { body: state }
      },
    })
    const panel = await pendingPanel()
    fireEvent.click(within(panel).getByRole('button', { name: 'Resend link' }))
    expect((await screen.findAllByText('Link sent again')).length).toBeGreaterThan(0)
    await waitFor(() => expect(panel).toHaveTextContent(formatDateTime('2030-03-06T05:06:00.000Z')))
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel change' }))
    expect((await screen.findAllByText('Email change cancelled')).length).toBeGreaterThan(0)
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Email change waiting' })).toBeNull()
    )
    expect(requestsTo(calls, 'POST', '/api/account/email/resend')).toHaveLength(1)
    expect(requestsTo(calls, 'DELETE', '/api/account/email/pending')).toHaveLength(1)
  })

  it('a refused resend is toasted (nothing waits any more)', async () => {
    setup(SHIPPER, {
      'GET /api/account/email': { body: waiting(SHIPPER) },
      'POST /api/account/email/resend': {
        status: 409,
        body: { message: 'No email change is waiting for confirmation' },
      },
    })
    const panel = await pendingPanel()
    fireEvent.click(within(panel).getByRole('button', { name: 'Resend link' }))
    expect(
      (await screen.findAllByText('No email change is waiting for confirmation')).length
    ).toBeGreaterThan(0)
  })

  it('a carrier is told payouts are held once the change applies', async () => {
    setup(CARRIER)
    expect(
      await screen.findByText(/once the change applies your payouts are held for 72 hours/)
    ).toBeInTheDocument()
  })

  it('the email state not loading does not break the form', async () => {
    setup(SHIPPER, { 'GET /api/account/email': { status: 500, body: { message: 'Boom' } } })
    expect(await screen.findByRole('form', { name: 'Change email' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Email change waiting' })).toBeNull()
  })
})
