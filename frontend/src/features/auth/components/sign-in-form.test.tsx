import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import type { User } from '@/features/auth/api/get-user'
import { useAuth } from '@/features/auth/hooks/use-auth'
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

const type = (label: string, value: string, root: HTMLElement = document.body) =>
  fireEvent.change(within(root).getByLabelText(label), { target: { value } })

describe('login screen', () => {
  it('asks for the email and password, and says so', async () => {
    const { calls } = setup('/login', {})
    const form = await screen.findByRole('form', { name: 'Sign in' })
    expect(within(form).getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(within(form).queryByText(/username/i)).not.toBeInTheDocument()
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/login')).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register')
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/contact'
    )
  })

  it.each<{ name: string; user: User; expected: string }>([
    { name: 'shipper', user: makeUser({ role: 'shipper' }), expected: '/shipper' },
    {
      name: 'unapproved carrier',
      user: makeUser({ role: 'carrier', isApproved: false, approvalStatus: 'pending' }),
      expected: '/carrier-pending',
    },
    { name: 'admin', user: makeUser({ role: 'admin' }), expected: '/admin' },
  ])('signs an $name in and sends them to $expected', async ({ user, expected }) => {
    let release: () => void = () => undefined
    const { router, calls } = setup('/login', {
      'POST /api/login': () => new Promise((resolve) => (release = () => resolve({ body: user }))),
      'GET /api/admin/users/pending': { body: [] },
    })
    type('Email', 'pat@example.com', await screen.findByRole('form', { name: 'Sign in' }))
    type('Password', 'secret1')
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled()
    release()
    await waitFor(() => expect(router.state.location.pathname).toBe(expected))
    expect(requestsTo(calls, 'POST', '/api/login')[0].body).toEqual({
      username: 'pat@example.com',
      password: 'secret1',
    })
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/analytics/events').map((c) => c.body)).toContainEqual(
        expect.objectContaining({ name: 'login', properties: { role: user.role } })
      )
    )
  })

  it('shows the failure banner for 5 seconds and a Login failed toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    setup('/login', {
      'POST /api/login': { status: 401, body: { message: 'Invalid email or password' } },
    })
    type('Email', 'pat@example.com', await screen.findByRole('form', { name: 'Sign in' }))
    type('Password', 'wrong-password')
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(
      await screen.findByText('Invalid email or password. Please try again.')
    ).toBeInTheDocument()
    const shownAt = Date.now()
    // The toast, once the Toaster's code has come with it (decision 0219).
    expect((await screen.findAllByText('Login failed')).length).toBeGreaterThan(0)
    expect((await screen.findAllByText('401: Invalid email or password')).length).toBeGreaterThan(0)
    // 4.9 s after the banner appeared (the toast, whose code comes with it, took some of them).
    await act(async () => {
      vi.advanceTimersByTime(shownAt + 4900 - Date.now())
    })
    expect(screen.getByText('Invalid email or password. Please try again.')).toBeInTheDocument()
    await act(async () => {
      vi.advanceTimersByTime(200)
    })
    expect(
      screen.queryByText('Invalid email or password. Please try again.')
    ).not.toBeInTheDocument()
  })
})

describe('auth page', () => {
  it('has Sign In and Sign Up tabs, both by email; sign-up checks the password and its confirmation', async () => {
    const { calls, router } = setup('/auth', {
      'POST /api/register': {
        status: 201,
        body: makeUser({ role: 'shipper' }),
      },
    })
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute(
      'aria-selected',
      'true'
    )
    const signIn = screen.getByRole('form', { name: 'Sign in' })
    expect(within(signIn).getByLabelText('Email')).toBeInTheDocument()
    const signUpTab = screen.getByRole('tab', { name: 'Sign Up' })
    fireEvent.mouseDown(signUpTab)
    fireEvent.click(signUpTab)
    const form = await screen.findByRole('form', { name: 'Sign up' })
    const role = within(form).getByLabelText('Role')
    expect(role).toHaveValue('shipper')

    type('First Name', 'Pat', form)
    type('Last Name', 'Lee', form)
    // One sign-in name: the email (the server makes it the username).
    expect(within(form).queryByLabelText('Username')).not.toBeInTheDocument()
    expect(within(form).getByText('You will sign in with this email.')).toBeInTheDocument()
    type('Email', 'pat@example.com', form)
    type('Password', 'secret1', form)
    type('Confirm Password', 'secret2', form)
    fireEvent.click(within(form).getByLabelText(/User Agreement/))
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }))
    expect(await within(form).findByText("Passwords don't match")).toBeInTheDocument()
    expect(within(form).getByText('Password must be at least 12 characters')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/register')).toHaveLength(0)

    type('Password', 'a long pass phrase', form)
    type('Confirm Password', 'a long pass phrase', form)
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipper'))
    const body = requestsTo(calls, 'POST', '/api/register')[0].body as Record<string, unknown>
    expect(body).toMatchObject({
      username: 'pat@example.com',
      email: 'pat@example.com',
      password: 'a long pass phrase',
      role: 'shipper',
      termsAccepted: true,
    })
    expect(body).not.toHaveProperty('phone')
    expect(body).not.toHaveProperty('confirmPassword')
  })
})

describe('useAuth', () => {
  it('throws outside the auth provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => renderHook(() => useAuth())).toThrow(/must be used within an AuthProvider/)
    expect(() => render(<Broken />)).toThrow(/AuthProvider/)
  })
})

function Broken() {
  useAuth()
  return null
}
