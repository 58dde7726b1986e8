import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

function setup(routes: Record<string, MockRoute>) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
    'POST /api/analytics/events': { status: 204 },
    'POST /api/login': { status: 202, body: { twoFactorRequired: true } },
    ...routes,
  })
  return { ...renderApp('/login'), ...mock }
}

async function passwordStep() {
  const form = await screen.findByRole('form', { name: 'Sign in' })
  fireEvent.change(within(form).getByLabelText('Email'), {
    target: { value: 'pat@example.com' },
  })
  fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'secret1' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }))
  return screen.findByRole('form', { name: 'Two-factor sign in' })
}

const invalid = (field: string, message: string) => ({
  status: 422,
  body: { message, errors: [{ field, message, rule: field }] },
})

describe('sign-in: the two-factor code step', () => {
  it('asks for the code after a right password, shows a wrong one, then signs in', async () => {
    const shipper = makeUser({ role: 'shipper' })
    let attempts = 0
    const { router, calls } = setup({
      'POST /api/login/two-factor': () =>
        ++attempts === 1 ? invalid('code', 'Invalid authentication code') : { body: shipper },
    })
    const form = await passwordStep()
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument()
    const field = within(form).getByLabelText('Authentication code')
    // Digits only, at most six.
    fireEvent.change(field, { target: { value: '12a3456' } })
    expect(field).toHaveValue('123456')
    fireEvent.click(within(form).getByRole('button', { name: 'Verify' }))
    expect(await within(form).findByText('Invalid authentication code')).toBeInTheDocument()

    fireEvent.change(field, { target: { value: '654321' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipper'))
    expect(requestsTo(calls, 'POST', '/api/login/two-factor').map((c) => c.body)).toEqual([
      { code: '123456' },
      { code: '654321' },
    ])
  })

  it('takes a recovery code instead', async () => {
    const { router, calls } = setup({
      'POST /api/login/two-factor': { body: makeUser({ role: 'carrier' }) },
      'GET /api/carrier/dashboard': { status: 404 },
    })
    const form = await passwordStep()
    fireEvent.click(within(form).getByRole('button', { name: 'Use a recovery code' }))
    expect(within(form).queryByLabelText('Authentication code')).not.toBeInTheDocument()
    fireEvent.click(within(form).getByRole('button', { name: 'Verify' }))
    expect(await within(form).findByText('Enter one of your recovery codes')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/login/two-factor')).toHaveLength(0)
    fireEvent.change(within(form).getByLabelText('Recovery code'), {
      target: { value: ' 7k2qm-x9d4r ' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/carrier'))
    expect(requestsTo(calls, 'POST', '/api/login/two-factor')[0].body).toEqual({
      recoveryCode: '7k2qm-x9d4r',
    })
  })

  it('goes back to the password when the pending sign-in expired, and shows throttling', async () => {
    let answer: MockRoute = {
      status: 429,
      body: { message: 'Too many attempts. Please try again later.' },
    }
    setup({ 'POST /api/login/two-factor': () => answer as never })
    const form = await passwordStep()
    fireEvent.change(within(form).getByLabelText('Authentication code'), {
      target: { value: '111111' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Verify' }))
    expect(
      await within(form).findByText('Too many attempts. Please try again later.')
    ).toBeInTheDocument()

    answer = { status: 401, body: { message: 'Sign in with your password first' } }
    fireEvent.change(within(form).getByLabelText('Authentication code'), {
      target: { value: '222222' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Verify' }))
    const back = await screen.findByRole('form', { name: 'Sign in' })
    expect(
      within(back).getByText('Your sign-in expired. Enter your password again.')
    ).toBeInTheDocument()
    expect(within(back).getByLabelText('Password')).toHaveValue('')
  })
})
