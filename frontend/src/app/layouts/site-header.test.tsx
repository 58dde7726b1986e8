import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { accountLine, initials, displayName } from '@/app/account'
import { roleNav } from '@/config/role-nav'

function setup(
  url: string,
  user: ReturnType<typeof makeUser> | null,
  logout: MockRoute = { body: {} }
) {
  setXsrfCookie()
  return {
    ...mockFetch({
      'GET /api/user': user ? { body: user } : { status: 401, body: { message: 'Not signed in' } },
      'POST /api/logout': logout,
      'POST /api/analytics/events': { status: 204 },
    }),
    ...renderApp(url),
  }
}

describe('header', () => {
  it('shows public links and Sign In / Get Started to visitors', async () => {
    setup('/about', null)
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')])
    ).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Platform', '/overview'],
      ['Contact', '/contact'],
    ])
    const header = within(screen.getByRole('banner'))
    expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
    expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register')
    expect(header.getByRole('button', { name: 'Open menu' })).toBeInTheDocument()
  })

  it('computes initials and display names', () => {
    expect(initials(makeUser({ firstName: 'pat', lastName: 'lee' }))).toBe('PL')
    expect(initials(makeUser({ firstName: null, lastName: null, username: 'zed' }))).toBe('Z')
    expect(displayName(makeUser({ firstName: null, lastName: null, username: 'zed' }))).toBe('zed')
    // A company member signed in: the screen greets the person, not the company's owner.
    const member = {
      userId: 9,
      role: 'driver' as const,
      firstName: 'Tom',
      lastName: 'Brennan',
      email: 'driver@palletline.test',
      phone: null,
      companyId: 2,
      companyName: 'Midwest Express Freight',
      companyKind: 'carrier' as const,
    }
    const driver = makeUser({ firstName: 'Mike', lastName: 'Kowalski', member })
    expect(displayName(driver)).toBe('Tom Brennan')
    expect(initials(driver)).toBe('TB')
    expect(accountLine(driver)).toBe('Driver at Midwest Express Freight')
    expect(accountLine(makeUser({ role: 'shipper' }))).toBe('Shipper account')
    const unnamed = makeUser({ member: { ...member, firstName: null, lastName: null } })
    expect(displayName(unnamed)).toBe('driver@palletline.test')
  })

  it('shows the signed-in top bar with initials and name', async () => {
    setup('/tms', makeUser({ role: 'shipper', firstName: 'Pat', lastName: 'Lee' }))
    const trigger = await screen.findByRole('button', { name: 'Account menu for Pat Lee' })
    expect(within(trigger).getByText('PL')).toBeInTheDocument()
    expect(within(trigger).getByText('Pat Lee')).toBeInTheDocument()
  })

  it('mobile drawer: welcome line, the menu of the role, sign out', async () => {
    const { router } = setup(
      '/tms',
      makeUser({ role: 'carrier', firstName: 'Casey', lastName: 'Driver' })
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }))
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByText('Welcome, Casey Driver')).toBeInTheDocument()
    expect(within(drawer).getByText('Carrier account')).toBeInTheDocument()
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => a.textContent)
    ).toEqual(roleNav('carrier').map((entry) => entry.label))
    fireEvent.click(within(drawer).getByRole('button', { name: 'Sign Out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
  })

  it('toasts Logout failed when the server refuses', async () => {
    setup('/tms', makeUser({ role: 'admin' }), {
      status: 500,
      body: { message: 'Internal server error' },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }))
    const drawer = await screen.findByRole('dialog')
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => a.textContent)
    ).toEqual(roleNav('admin').map((entry) => entry.label))
    fireEvent.click(within(drawer).getByRole('button', { name: 'Sign Out' }))
    expect((await screen.findAllByText('Logout failed')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('500: Internal server error').length).toBeGreaterThan(0)
  })
})
