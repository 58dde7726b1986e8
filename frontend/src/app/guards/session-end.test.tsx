import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { SIGNED_IN_KEY, SIGNED_OUT_MESSAGES } from '@/lib/session-end'

const shipper = makeUser({ role: 'shipper', firstName: 'Pat', lastName: 'Lee' })
const notSignedIn = { status: 401, body: { message: 'Not signed in' } }

function setup(url: string, routes: Record<string, MockRoute>) {
  setXsrfCookie()
  const mock = mockFetch({
    'POST /api/analytics/events': { status: 204 },
    'GET /api/account/two-factor': {
      body: { enabled: false, required: false, recoveryCodesLeft: 0 },
    },
    'GET /api/account/email': { body: { email: shipper.email, pending: null } },
    'POST /api/logout': { body: { message: 'Signed out' } },
    ...routes,
  })
  return { ...renderApp(url), ...mock }
}

const explanation = (reason: keyof typeof SIGNED_OUT_MESSAGES) =>
  screen.findByText(SIGNED_OUT_MESSAGES[reason])

afterEach(() => window.localStorage.clear())

describe('a signed-out browser says why (decision 0167)', () => {
  it('a session that ends while the app is open: the next 401 lands on /auth with the reason', async () => {
    let signedIn = true
    const { router } = setup('/settings', {
      'GET /api/user': () => (signedIn ? { body: shipper } : notSignedIn),
      // The session ended (expired, or a password change on another device): the next call.
      'GET /api/account/tokens': () => {
        signedIn = false
        return notSignedIn
      },
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.search).toBe('?reason=session-ended')
    expect(await explanation('session-ended')).toBeInTheDocument()
    expect(window.localStorage.getItem(SIGNED_IN_KEY)).toBeNull()
  })

  it('a page load that finds the session gone, in a browser that was signed in', async () => {
    window.localStorage.setItem(SIGNED_IN_KEY, '1')
    const { router } = setup('/shipper', { 'GET /api/user': notSignedIn })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(await explanation('session-ended')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(SIGNED_OUT_MESSAGES['session-ended'])
  })

  it('a visitor who never signed in gets no explanation', async () => {
    const { router } = setup('/shipper', { 'GET /api/user': notSignedIn })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.search).toBe('')
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument()
    expect(screen.queryByText(SIGNED_OUT_MESSAGES['session-ended'])).not.toBeInTheDocument()
  })

  // Who am I answers 200 `null` to a request that asks (decision 0174): the browser logs no
  // error for a visitor, and a browser that was signed in still learns its session ended.
  const whoAmI = (user: typeof shipper | null) => (req: { headers: Record<string, string> }) =>
    user ? { body: user } : req.headers['x-allow-anonymous'] === '1' ? { body: null } : notSignedIn

  it('a visitor is asked about without a 401: who am I answers null when asked to', async () => {
    const { router, calls } = setup('/shipper', { 'GET /api/user': whoAmI(null) })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.search).toBe('')
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument()
    const asked = calls.filter((c) => c.url.endsWith('/api/user'))
    expect(asked.length).toBeGreaterThan(0)
    for (const call of asked) expect(call.headers['x-allow-anonymous']).toBe('1')
    expect(screen.queryByText(SIGNED_OUT_MESSAGES['session-ended'])).not.toBeInTheDocument()
  })

  it('a page load that finds nobody signed in (null), in a browser that was signed in', async () => {
    window.localStorage.setItem(SIGNED_IN_KEY, '1')
    const { router } = setup('/shipper', { 'GET /api/user': whoAmI(null) })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.search).toBe('?reason=session-ended')
    expect(await explanation('session-ended')).toBeInTheDocument()
  })

  it('signing out here says nothing, and tells the other tabs', async () => {
    const { router } = setup('/settings', { 'GET /api/user': { body: shipper } })
    fireEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }))
    await waitFor(() => expect(window.localStorage.getItem(SIGNED_IN_KEY)).toBe('1'))
    const drawer = await screen.findByRole('dialog')
    fireEvent.click(within(drawer).getByRole('button', { name: 'Sign Out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.search).toBe('')
    expect(window.localStorage.getItem(SIGNED_IN_KEY)).toBeNull()
    expect(screen.queryByText(SIGNED_OUT_MESSAGES['session-ended'])).not.toBeInTheDocument()
  })

  it('a sign-out in another tab signs this one out, saying so', async () => {
    const { router } = setup('/settings', { 'GET /api/user': { body: shipper } })
    await screen.findByRole('heading', { name: 'Settings' })
    await waitFor(() => expect(window.localStorage.getItem(SIGNED_IN_KEY)).toBe('1'))
    act(() => {
      window.localStorage.removeItem(SIGNED_IN_KEY)
      window.dispatchEvent(
        new StorageEvent('storage', { key: SIGNED_IN_KEY, oldValue: '1', newValue: null })
      )
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.search).toBe('?reason=signed-out-elsewhere')
    const card = await explanation('signed-out-elsewhere')
    expect(within(card.closest('[role="status"]') as HTMLElement).getByText(/another tab/)).toBe(
      card
    )
  })

  it('signing in again clears the explanation', async () => {
    window.localStorage.setItem(SIGNED_IN_KEY, '1')
    let signedIn = false
    const { router } = setup('/shipper', {
      'GET /api/user': () => (signedIn ? { body: shipper } : notSignedIn),
      'POST /api/login': () => {
        signedIn = true
        return { body: shipper }
      },
      'GET /api/bookings': { body: [] },
    })
    expect(await explanation('session-ended')).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Sign in' })
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: shipper.email } })
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'secret123' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipper'))
    expect(window.localStorage.getItem(SIGNED_IN_KEY)).toBe('1')
  })
})
