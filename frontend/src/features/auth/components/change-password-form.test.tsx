import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

function setup(routes: Record<string, MockRoute> = {}) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'shipper', firstName: 'Sam', lastName: 'Lee' }) },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  renderApp('/settings')
  return mock
}

const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })

describe('settings: change password', () => {
  it('checks the form before sending anything', async () => {
    const { calls } = setup()
    const form = await screen.findByRole('form', { name: 'Change password' })
    expect(
      within(form).getByText('At least 12 characters, and not a common password.')
    ).toBeInTheDocument()
    fill(form, 'New password', '12345')
    fill(form, 'Confirm new password', '54321')
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByText('Current password is required')).toBeInTheDocument()
    expect(within(form).getByText('Password must be at least 12 characters')).toBeInTheDocument()
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument()
    expect(requestsTo(calls, 'PUT', '/api/account/password')).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/shipper'
    )
  })

  it('sends the change and shows the server refusing a wrong current password', async () => {
    const { calls } = setup({
      'PUT /api/account/password': {
        status: 422,
        body: {
          message: 'Current password is incorrect',
          errors: [
            {
              field: 'currentPassword',
              message: 'Current password is incorrect',
              rule: 'currentPassword',
            },
          ],
        },
      },
    })
    const form = await screen.findByRole('form', { name: 'Change password' })
    fill(form, 'Current password', 'not-it')
    fill(form, 'New password', 'n3w-long-secret')
    fill(form, 'Confirm new password', 'n3w-long-secret')
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByText('Current password is incorrect')).toBeInTheDocument()
    expect(requestsTo(calls, 'PUT', '/api/account/password')[0].body).toEqual({
      currentPassword: 'not-it',
      newPassword: 'n3w-long-secret',
    })
  })

  it('clears the form and confirms once changed', async () => {
    setup({ 'PUT /api/account/password': { status: 204 } })
    const form = await screen.findByRole('form', { name: 'Change password' })
    fill(form, 'Current password', 'secret123')
    fill(form, 'New password', 'n3w-long-secret')
    fill(form, 'Confirm new password', 'n3w-long-secret')
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }))
    expect((await screen.findAllByText('Password changed')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText(
        'A notice went to pat@example.com. Every other device signed in to your account was signed out.'
      ).length
    ).toBeGreaterThan(0)
    expect(within(form).getByLabelText('Current password')).toHaveValue('')
  })

  it('shows the server refusing a common password under the new one', async () => {
    const message = 'This password is too common: choose one that is harder to guess'
    setup({
      'PUT /api/account/password': {
        status: 422,
        body: { message, errors: [{ field: 'newPassword', message, rule: 'notCommon' }] },
      },
    })
    const form = await screen.findByRole('form', { name: 'Change password' })
    fill(form, 'Current password', 'secret123')
    fill(form, 'New password', 'qwerty123456')
    fill(form, 'Confirm new password', 'qwerty123456')
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByText(message)).toBeInTheDocument()
    expect(within(form).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true')
  })
})
