import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { renderApp, setXsrfCookie } from '@/testing/test-utils'

const offer = {
  companyName: 'Great Lakes Pallet Express LLC',
  companyKind: 'carrier',
  role: 'driver',
  email: 'new.driver@carriers.test',
  expiresAt: '2026-12-01T15:00:00.000Z',
}

function setup(routes: Record<string, MockRoute>) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  return { ...renderApp('/invite/tok-123'), ...mock }
}

const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })

describe('the invite page, /invite/:token (decision 0223)', () => {
  it('names the company and role; checks the fields; joining says to sign in', async () => {
    const { calls } = setup({
      'GET /api/invites/tok-123': { body: offer },
      'POST /api/invites/tok-123/accept': {
        status: 201,
        body: { email: offer.email, companyName: offer.companyName, role: 'driver' },
      },
    })
    const form = await screen.findByRole('form', { name: 'Join the company' })
    expect(within(form).getByText(offer.companyName)).toBeInTheDocument()
    expect(within(form).getByText(/as a driver/)).toBeInTheDocument()

    fireEvent.click(within(form).getByRole('button', { name: `Join ${offer.companyName}` }))
    expect(
      await within(form).findByText('First name must be at least 2 characters')
    ).toBeInTheDocument()
    expect(within(form).getByText('You must accept the User Agreement')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/invites/tok-123/accept')).toHaveLength(0)

    fill(form, 'First name', 'Dana')
    fill(form, 'Last name', 'Driver')
    fill(form, 'Password', 'a long enough password')
    fireEvent.click(within(form).getByRole('checkbox'))
    fireEvent.click(within(form).getByRole('button', { name: `Join ${offer.companyName}` }))
    expect(await screen.findByText('You have joined')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    expect(requestsTo(calls, 'POST', '/api/invites/tok-123/accept')[0].body).toEqual({
      firstName: 'Dana',
      lastName: 'Driver',
      password: 'a long enough password',
      termsAccepted: true,
    })
  })

  it('a used or expired link says it cannot be used', async () => {
    setup({
      'GET /api/invites/tok-123': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            {
              field: 'token',
              message: 'This invite has expired, was withdrawn or was already used',
            },
          ],
        },
      },
    })
    expect(await screen.findByText('This invite cannot be used')).toBeInTheDocument()
    expect(
      screen.getByText('This invite has expired, was withdrawn or was already used')
    ).toBeInTheDocument()
  })

  it('an unknown link is refused too; a link spent meanwhile is told on submit', async () => {
    setup({
      'GET /api/invites/tok-123': { body: offer },
      'POST /api/invites/tok-123/accept': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            {
              field: 'token',
              message: 'This invite has expired, was withdrawn or was already used',
            },
          ],
        },
      },
    })
    const form = await screen.findByRole('form', { name: 'Join the company' })
    fill(form, 'First name', 'Dana')
    fill(form, 'Last name', 'Driver')
    fill(form, 'Password', 'a long enough password')
    fireEvent.click(within(form).getByRole('checkbox'))
    fireEvent.click(within(form).getByRole('button', { name: `Join ${offer.companyName}` }))
    await waitFor(() => expect(screen.getByText('This invite cannot be used')).toBeInTheDocument())
  })
})
