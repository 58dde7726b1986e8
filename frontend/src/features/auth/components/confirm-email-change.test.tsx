import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

function setup(url: string, routes: Record<string, MockRoute>) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  return { ...renderApp(url), ...mock }
}

const confirmButton = () => screen.findByRole('button', { name: 'Confirm new email' })

describe('the link mailed to a new sign-in email (decision 0167)', () => {
  it('confirms on a click, not on opening, and says what changed; signed out, it offers sign-in', async () => {
    const { calls } = setup('/confirm-email#token=abc_DEF-123', {
      'POST /api/account/email/confirm': { body: { email: 'new@example.com' } },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your new email' })
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/account/email/confirm')).toHaveLength(0)
    fireEvent.click(await confirmButton())
    expect(await screen.findByText('Email changed')).toBeInTheDocument()
    expect(
      screen.getByText(
        'You now sign in with new@example.com. A notice went to your previous address.'
      )
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    const [request] = requestsTo(calls, 'POST', '/api/account/email/confirm')
    expect(request.body).toEqual({ token: 'abc_DEF-123' })
    expect(request.headers['x-xsrf-token']).toBe('token=abc')
  })

  it('signed in, the new email shows at once and the link goes back to Settings', async () => {
    let user = makeUser({ role: 'carrier', email: 'old@example.com' })
    const { calls } = setup('/confirm-email#token=t0k3n', {
      'GET /api/user': () => ({ body: user }),
      'GET /api/carrier/payout-hold': { body: { hold: null } },
      'POST /api/account/email/confirm': () => {
        user = { ...user, email: 'new@example.com', username: 'new@example.com' }
        return { body: { email: 'new@example.com' } }
      },
    })
    fireEvent.click(await confirmButton())
    expect(await screen.findByRole('link', { name: 'Back to Settings' })).toHaveAttribute(
      'href',
      '/settings'
    )
    await waitFor(() => expect(requestsTo(calls, 'GET', '/api/user').length).toBeGreaterThan(1))
  })

  it.each([
    [409, 'This link has expired, was replaced or was already used'],
    [409, 'An account with this email already exists'],
    [404, 'This confirmation link is not valid'],
  ])('a %s shows the server’s reason and where to ask for a new link', async (status, message) => {
    setup('/confirm-email#token=spent', {
      'POST /api/account/email/confirm': { status, body: { message } },
    })
    fireEvent.click(await confirmButton())
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByText('Email not changed')).toBeInTheDocument()
    expect(screen.getByText(/ask for a new link in Settings/)).toBeInTheDocument()
  })

  it('a link without its token says so and sends nothing', async () => {
    const { calls } = setup('/confirm-email', {})
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirm new email' })).toBeNull()
    expect(requestsTo(calls, 'POST', '/api/account/email/confirm')).toHaveLength(0)
  })
})
