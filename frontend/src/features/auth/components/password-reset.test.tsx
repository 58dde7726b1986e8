import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { renderApp, setXsrfCookie } from '@/testing/test-utils'

const REQUESTED =
  'If an account uses this address, we sent it a link to set a new password. The link works for 60 minutes.'

function setup(url: string, routes: Record<string, MockRoute> = {}) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  return { ...renderApp(url), ...mock }
}

const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })

describe('forgot password (decision 0216)', () => {
  it('the sign-in form links to it', async () => {
    setup('/login')
    const form = await screen.findByRole('form', { name: 'Sign in' })
    expect(within(form).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password'
    )
  })

  it('checks the address first, then shows the server’s one answer', async () => {
    const { calls } = setup('/forgot-password', {
      'POST /api/password/forgot': { status: 202, body: { message: REQUESTED } },
    })
    const form = await screen.findByRole('form', { name: 'Forgot password' })
    fill(form, 'Email', 'not-an-address')
    fireEvent.click(within(form).getByRole('button', { name: 'Send the link' }))
    expect(await within(form).findByText('Invalid email address')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/password/forgot')).toHaveLength(0)

    fill(form, 'Email', ' sam@example.com ')
    fireEvent.click(within(form).getByRole('button', { name: 'Send the link' }))
    expect(await screen.findByText(REQUESTED)).toBeInTheDocument()
    const [request] = requestsTo(calls, 'POST', '/api/password/forgot')
    expect(request.body).toEqual({ email: 'sam@example.com' })
  })

  it('a server field error shows on the field; too many requests in a banner', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: {
        message: 'Validation failed',
        errors: [{ field: 'email', message: 'Invalid email address', rule: 'email' }],
      },
    }
    setup('/forgot-password', { 'POST /api/password/forgot': () => answer })
    const form = await screen.findByRole('form', { name: 'Forgot password' })
    fill(form, 'Email', 'sam@example.com')
    fireEvent.click(within(form).getByRole('button', { name: 'Send the link' }))
    expect(await within(form).findByText('Invalid email address')).toBeInTheDocument()
    answer = { status: 429, body: { message: 'Too many requests' } }
    fireEvent.click(within(form).getByRole('button', { name: 'Send the link' }))
    expect(await within(form).findByText('Too many requests')).toBeInTheDocument()
  })
})

describe('the page a reset link opens', () => {
  it('checks the new password, sends it with the token, then offers sign-in', async () => {
    const { calls } = setup('/reset-password?token=abc_DEF-123', {
      'POST /api/password/reset': { body: { message: 'Your password is set. Sign in with it.' } },
    })
    const form = await screen.findByRole('form', { name: 'Set a new password' })
    expect(
      within(form).getByText('At least 12 characters, and not a common password.')
    ).toBeInTheDocument()
    fill(form, 'New password', 'short')
    fill(form, 'Confirm new password', 'other')
    fireEvent.click(within(form).getByRole('button', { name: 'Set new password' }))
    expect(
      await within(form).findByText('Password must be at least 12 characters')
    ).toBeInTheDocument()
    expect(within(form).getByText("Passwords don't match")).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/password/reset')).toHaveLength(0)

    fill(form, 'New password', 'violet-harbor-tractor-42')
    fill(form, 'Confirm new password', 'violet-harbor-tractor-42')
    fireEvent.click(within(form).getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText('Password set')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    const [request] = requestsTo(calls, 'POST', '/api/password/reset')
    expect(request.body).toEqual({ token: 'abc_DEF-123', password: 'violet-harbor-tractor-42' })
    expect(request.headers['x-xsrf-token']).toBe('token=abc')
  })

  it('a common password shows on the field; a spent link says so and offers a new one', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: {
        message: 'Validation failed',
        errors: [
          {
            field: 'password',
            message: 'This password is too common: choose one that is harder to guess',
            rule: 'notCommon',
          },
        ],
      },
    }
    setup('/reset-password?token=abc', { 'POST /api/password/reset': () => answer })
    const form = await screen.findByRole('form', { name: 'Set a new password' })
    fill(form, 'New password', 'password1234')
    fill(form, 'Confirm new password', 'password1234')
    fireEvent.click(within(form).getByRole('button', { name: 'Set new password' }))
    expect(
      await within(form).findByText(
        'This password is too common: choose one that is harder to guess'
      )
    ).toBeInTheDocument()
    answer = {
      status: 422,
      body: {
        message: 'Validation failed',
        errors: [
          {
            field: 'token',
            message: 'This link has expired, was replaced or was already used',
            rule: 'unspent',
          },
        ],
      },
    }
    fill(form, 'New password', 'violet-harbor-tractor-42')
    fill(form, 'Confirm new password', 'violet-harbor-tractor-42')
    fireEvent.click(within(form).getByRole('button', { name: 'Set new password' }))
    expect(
      await within(form).findByText('This link has expired, was replaced or was already used')
    ).toBeInTheDocument()
    expect(within(form).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password'
    )
  })

  it('a link without its token says so', async () => {
    setup('/reset-password')
    expect(await screen.findByText('Password not changed')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument()
  })
})
