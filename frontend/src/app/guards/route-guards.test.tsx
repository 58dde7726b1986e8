import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import type { User } from '@/features/auth/api/get-user'
import { mockFetch, requestsTo, type MockResponse } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { postLoginPath, registerRedirectPath, roleHome } from '@/app/guards/redirects'

function signedInAs(user: User | null) {
  return mockFetch({
    'GET /api/user': user ? { body: user } : { status: 401, body: { message: 'Not signed in' } },
    'GET /api/admin/users/pending': { body: [] },
    'POST /api/analytics/events': { status: 204 },
  })
}

async function landsOn(url: string, user: User | null) {
  signedInAs(user)
  const { router } = renderApp(url)
  return router
}

const shipper = makeUser({ role: 'shipper' })
const carrier = makeUser({ role: 'carrier', isApproved: true, approvalStatus: 'approved' })
const pendingCarrier = makeUser({ role: 'carrier', isApproved: false, approvalStatus: 'pending' })
const admin = makeUser({ role: 'admin' })
const stranger = makeUser({ role: 'dispatcher' })
/** A member of a company: the login acts as the company's user, with the member's role. */
const memberOf = (kind: 'carrier' | 'shipper', role: string) =>
  makeUser({
    ...(kind === 'carrier'
      ? { role: 'carrier', isApproved: true, approvalStatus: 'approved' }
      : {}),
    role: kind,
    member: {
      userId: 40,
      role,
      firstName: 'Lena',
      lastName: 'Member',
      email: `${role}@company.test`,
      phone: null,
      companyId: 3,
      companyName: 'Company',
      companyKind: kind,
    },
  } as Partial<User>)
const shipperAccounts = memberOf('shipper', 'accounts')
const planner = memberOf('shipper', 'planner')
const driver = memberOf('carrier', 'driver')
const carrierAccounts = memberOf('carrier', 'accounts')
const dispatcher = memberOf('carrier', 'dispatcher')

describe('redirect rules (pure)', () => {
  it('maps roles to their homes', () => {
    expect(roleHome(shipper)).toBe('/shipper')
    expect(roleHome(carrier)).toBe('/carrier')
    expect(roleHome(admin)).toBe('/admin')
    expect(roleHome(stranger)).toBe('/')
  })

  it('sends users after login by role and approval', () => {
    expect(postLoginPath(carrier)).toBe('/carrier')
    expect(postLoginPath(pendingCarrier)).toBe('/carrier-pending')
    expect(postLoginPath(shipper)).toBe('/shipper')
    expect(postLoginPath(admin)).toBe('/admin')
    expect(postLoginPath(stranger)).toBe('/')
    expect(registerRedirectPath(pendingCarrier)).toBe('/carrier')
  })
})

describe('route guards', () => {
  it('shows a spinner while the current user loads', async () => {
    mockFetch({ 'GET /api/user': () => new Promise(() => undefined) })
    renderApp('/shipper')
    expect(await screen.findByTestId('page-spinner')).toBeInTheDocument()
  })

  it.each([
    { url: '/', heading: 'Ship pallets on trucks already heading your way' },
    { url: '/auth', heading: 'PalletLine' },
    { url: '/login', heading: 'Welcome back' },
  ])(
    'on a prerendered $url, shows the visitor view while the current user loads',
    async ({ url, heading }) => {
      let answer: (response: MockResponse) => void = () => undefined
      mockFetch({
        'GET /api/user': () => new Promise<MockResponse>((resolve) => (answer = resolve)),
        'POST /api/analytics/events': { status: 204 },
      })
      setXsrfCookie()
      renderApp(url, { prerendered: true })
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
      expect(screen.queryByTestId('page-spinner')).not.toBeInTheDocument()
      answer({ status: 401, body: { message: 'Not signed in' } })
    }
  )

  it.each([
    { url: '/', expected: '/shipper' },
    { url: '/auth', expected: '/shipper' },
  ])(
    'on a prerendered $url, a signed-in user still goes to $expected',
    async ({ url, expected }) => {
      signedInAs(shipper)
      const { router } = renderApp(url, { prerendered: true })
      await waitFor(() => expect(router.state.location.pathname).toBe(expected))
    }
  )

  it.each([
    '/shipper',
    '/carrier',
    '/admin',
    '/tms',
    '/dashboard',
    '/post-load',
    '/freight-board',
    '/payment/5',
  ])('sends signed-out visitors from %s to /auth', async (url) => {
    const router = await landsOn(url, null)
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument()
  })

  it.each([
    { url: '/dashboard', user: shipper, as: 'shipper', expected: '/shipper' },
    { url: '/dashboard', user: carrier, as: 'carrier', expected: '/carrier' },
    { url: '/dashboard', user: admin, as: 'admin', expected: '/admin' },
    { url: '/', user: shipper, as: 'shipper', expected: '/shipper' },
    { url: '/', user: carrier, as: 'carrier', expected: '/carrier' },
    { url: '/', user: admin, as: 'admin', expected: '/admin' },
    { url: '/carrier', user: pendingCarrier, as: 'pendingCarrier', expected: '/carrier-pending' },
    { url: '/carrier', user: shipper, as: 'shipper', expected: '/shipper' },
    { url: '/shipper', user: admin, as: 'admin', expected: '/admin' },
    { url: '/admin', user: carrier, as: 'carrier', expected: '/carrier' },
    { url: '/admin', user: stranger, as: 'stranger', expected: '/' },
    { url: '/login', user: carrier, as: 'carrier', expected: '/carrier' },
    { url: '/login', user: pendingCarrier, as: 'pendingCarrier', expected: '/carrier-pending' },
    { url: '/auth', user: shipper, as: 'shipper', expected: '/shipper' },
    { url: '/auth', user: admin, as: 'admin', expected: '/admin' },
    { url: '/register', user: carrier, as: 'carrier', expected: '/carrier' },
    { url: '/register', user: shipper, as: 'shipper', expected: '/shipper' },
    { url: '/carrier-pending', user: carrier, as: 'carrier', expected: '/carrier' },
    // Sent to /auth, which in turn sends a signed-in user to their own area.
    { url: '/carrier-pending', user: shipper, as: 'shipper', expected: '/shipper' },
    { url: '/tms', user: pendingCarrier, as: 'pendingCarrier', expected: '/carrier-pending' },
    { url: '/post-load', user: carrier, as: 'carrier', expected: '/carrier' },
    { url: '/freight-board', user: shipper, as: 'shipper', expected: '/shipper' },
    {
      url: '/freight-board',
      user: pendingCarrier,
      as: 'pendingCarrier',
      expected: '/carrier-pending',
    },
    // A member's role opens only its places (decision 0237): elsewhere, their own first place.
    { url: '/post-load', user: shipperAccounts, as: 'shipper accounts', expected: '/shipper' },
    { url: '/loads/import', user: shipperAccounts, as: 'shipper accounts', expected: '/shipper' },
    { url: '/post-load', user: planner, as: 'planner', expected: '/post-load' },
    { url: '/freight-board', user: driver, as: 'driver', expected: '/drive' },
    { url: '/freight-board', user: carrierAccounts, as: 'carrier accounts', expected: '/carrier' },
    { url: '/freight-board', user: dispatcher, as: 'dispatcher', expected: '/freight-board' },
    { url: '/drive', user: carrierAccounts, as: 'carrier accounts', expected: '/carrier' },
    { url: '/drive', user: driver, as: 'driver', expected: '/drive' },
  ])('$url as $as goes to $expected', async ({ url, user, expected }) => {
    const router = await landsOn(url, user)
    await waitFor(() => expect(router.state.location.pathname).toBe(expected))
  })

  it('keeps the section when /dashboard forwards to the role area', async () => {
    const router = await landsOn('/dashboard#bookings', carrier)
    await waitFor(() => expect(router.state.location.pathname).toBe('/carrier'))
    expect(router.state.location.hash).toBe('#bookings')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument()
  })

  it('signed-out visitors on /carrier-pending go to /auth', async () => {
    const router = await landsOn('/carrier-pending', null)
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
  })

  it('shows the pending screen with the support contact to an unapproved carrier', async () => {
    await landsOn('/carrier-pending', pendingCarrier)
    expect(
      await screen.findByRole('heading', { name: 'Account Pending Approval' })
    ).toBeInTheDocument()
    const main = within(screen.getByRole('main'))
    expect(main.getByRole('link', { name: '(800) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+18005550142'
    )
    expect(main.getByRole('link', { name: 'support@palletline.com' })).toHaveAttribute(
      'href',
      'mailto:support@palletline.com'
    )
    expect(main.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument()
  })

  it('tells a rejected carrier the application was not approved', async () => {
    await landsOn('/carrier-pending', { ...pendingCarrier, approvalStatus: 'rejected' })
    expect(
      await screen.findByRole('heading', { name: 'Application Not Approved' })
    ).toBeInTheDocument()
  })

  it('renders the landing page for visitors and a 404 for unknown paths', async () => {
    await landsOn('/no/such/page', null)
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
  })

  it('reports a page view on each route change', async () => {
    const { calls } = signedInAs(null)
    const { router } = renderApp('/about')
    await screen.findByRole('heading', { name: 'About PalletLine' })
    await act(() => router.navigate('/contact'))
    await screen.findByRole('heading', { name: 'Contact Us' })
    await waitFor(() => {
      const views = requestsTo(calls, 'POST', '/api/analytics/events').map((c) => c.body)
      expect(views).toEqual([
        { name: 'page_view', path: '/about' },
        { name: 'page_view', path: '/contact' },
      ])
    })
  })
})
