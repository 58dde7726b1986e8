import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { validateRegistration, emptyRegistration } from '@/features/auth/utils/validation'

function setup(register: MockRoute = { status: 201, body: makeUser() }) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
    'POST /api/register': register,
    'POST /api/analytics/events': { status: 204 },
  })
  const utils = renderApp('/register')
  return { ...utils, ...mock }
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

function fillShipper() {
  type('First Name', 'Pat')
  type('Last Name', 'Lee')
  type('Email', 'pat@example.com')
  type('Phone', '5551234567')
  type('Password', 'a long pass phrase')
  type('Confirm Password', 'a long pass phrase')
  fireEvent.click(screen.getByLabelText(/User Agreement/))
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))

describe('register screen', () => {
  it('keeps Create Account disabled until the User Agreement is accepted', async () => {
    setup()
    const button = await screen.findByRole('button', { name: 'Create Account' })
    expect(button).toBeDisabled()
    fireEvent.click(screen.getByRole('checkbox', { name: /User Agreement/ }))
    expect(button).toBeEnabled()
  })

  it('links the agreement, terms and privacy pages in new tabs', async () => {
    setup()
    const label = (await screen.findByLabelText(/User Agreement/)).closest('div')!.parentElement!
    const links = within(label).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/agreement', '/terms', '/privacy'])
    for (const a of links) expect(a).toHaveAttribute('target', '_blank')
    expect(screen.getByText(/Effective date of your acceptance/)).toBeInTheDocument()
  })

  it('says the password rule before it is broken, and that the email is the sign-in name', async () => {
    setup()
    await screen.findByRole('heading', { name: 'Create your account' })
    expect(
      screen.getByText('At least 12 characters, and not a common password.')
    ).toBeInTheDocument()
    expect(screen.getByText('You will sign in with this email.')).toBeInTheDocument()
    // Eleven characters are one short.
    type('Password', 'elevenchars')
    type('Confirm Password', 'elevenchars')
    fireEvent.click(screen.getByLabelText(/User Agreement/))
    submit()
    expect(await screen.findByText('Password must be at least 12 characters')).toBeInTheDocument()
  })

  it('shows the exact validation messages', async () => {
    setup()
    await screen.findByRole('heading', { name: 'Create your account' })
    type('Email', 'not-an-email')
    type('Password', '123')
    type('Confirm Password', '1234')
    type('Phone', '555')
    fireEvent.click(screen.getByLabelText(/User Agreement/))
    submit()
    expect(await screen.findByText('First name is required')).toBeInTheDocument()
    expect(screen.getByText('Last name is required')).toBeInTheDocument()
    expect(screen.getByText('Invalid email address')).toBeInTheDocument()
    expect(screen.getByText('Valid phone number is required')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 12 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      "Passwords don't match"
    )
    expect(screen.getByLabelText('First Name')).toHaveFocus()
  })

  it('shows the carrier block only for carriers and requires its fields', async () => {
    setup()
    const accountType = await screen.findByLabelText('Account Type')
    expect(accountType.tagName).toBe('SELECT')
    expect(within(accountType).getByRole('option', { name: 'I need to ship freight' })).toHaveValue(
      'shipper'
    )
    expect(within(accountType).getByRole('option', { name: 'I transport freight' })).toHaveValue(
      'carrier'
    )
    expect(screen.queryByLabelText('Company Name')).not.toBeInTheDocument()

    fireEvent.change(accountType, { target: { value: 'carrier' } })
    for (const label of [
      'Company Name',
      'DOT Number',
      'MC Number',
      'Business Address',
      'City',
      'ZIP Code',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument()
    }
    const state = screen.getByLabelText('State')
    expect(state.tagName).toBe('SELECT')
    expect(within(state).getAllByRole('option')).toHaveLength(51)
    expect(within(state).getByRole('option', { name: 'CA - California' })).toHaveValue('CA')

    fillShipper()
    type('Company Name', 'Lee Haulage')
    submit()
    // Each missing field named on itself (issue 31 item 12), the one filled in left alone.
    expect(await screen.findByText('Business address is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Business Address')).toHaveAccessibleDescription(
      'Business address is required'
    )
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is required')
    expect(screen.getByLabelText('State')).toHaveAccessibleDescription('State is required')
    expect(screen.getByLabelText('ZIP Code')).toHaveAccessibleDescription('ZIP code is required')
    expect(screen.getByLabelText('Company Name')).not.toHaveAccessibleDescription(
      'Company name is required'
    )
    expect(screen.queryByText('All carrier information fields are required')).toBeNull()
  })

  it('sends the registration payload without confirmPassword and lands a new carrier on the pending screen', async () => {
    const { calls, router } = setup({
      status: 201,
      body: makeUser({ role: 'carrier', isApproved: false, approvalStatus: 'pending' }),
    })
    await screen.findByRole('heading', { name: 'Create your account' })
    fireEvent.change(screen.getByLabelText('Account Type'), { target: { value: 'carrier' } })
    fillShipper()
    type('Company Name', 'Lee Haulage')
    type('DOT Number', '1234567')
    type('Business Address', '1 Main St')
    type('City', 'Austin')
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'TX' } })
    type('ZIP Code', '73301')
    submit()
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled()

    await waitFor(() => expect(router.state.location.pathname).toBe('/carrier-pending'))
    const [request] = requestsTo(calls, 'POST', '/api/register')
    expect(request.body).toEqual({
      email: 'pat@example.com',
      password: 'a long pass phrase',
      role: 'carrier',
      firstName: 'Pat',
      lastName: 'Lee',
      phone: '5551234567',
      username: 'pat@example.com',
      companyName: 'Lee Haulage',
      dotNumber: '1234567',
      businessAddress: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      termsAccepted: true,
      effectiveDateString: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    })
    expect(request.body).not.toHaveProperty('confirmPassword')
    expect(request.headers['x-xsrf-token']).toBe('token=abc')
    const events = requestsTo(calls, 'POST', '/api/analytics/events').map(
      (c) => (c.body as { name: string }).name
    )
    expect(events).toEqual(expect.arrayContaining(['sign_up_attempt', 'sign_up']))
  })

  it('shows the server refusing a common password under the password', async () => {
    const message = 'This password is too common: choose one that is harder to guess'
    setup({
      status: 422,
      body: { message, errors: [{ field: 'password', message, rule: 'notCommon' }] },
    })
    await screen.findByRole('heading', { name: 'Create your account' })
    fillShipper()
    submit()
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(message)
    )
  })

  it('shows server field errors under their fields, the failure banner and a toast', async () => {
    setup({
      status: 422,
      body: {
        message: 'This email is already registered',
        errors: [{ field: 'email', message: 'This email is already registered', rule: 'unique' }],
      },
    })
    await screen.findByRole('heading', { name: 'Create your account' })
    fillShipper()
    submit()
    expect(
      await screen.findByText('Registration failed. Please check your information and try again.')
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'This email is already registered'
    )
    expect((await screen.findAllByText('Registration failed')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('422: This email is already registered').length).toBeGreaterThan(0)

    // Editing the field clears its server error.
    type('Email', 'pat2@example.com')
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription(
      'This email is already registered'
    )
  })
})

describe('validateRegistration', () => {
  it('needs accepted terms and matching passwords', () => {
    const errors = validateRegistration({
      ...emptyRegistration,
      password: 'abcdef',
      confirmPassword: 'abcdeg',
    })
    expect(errors.termsAccepted).toBe('You must accept the User Agreement')
    expect(errors.confirmPassword).toBe("Passwords don't match")
  })

  it('treats the phone as optional on the /auth sign-up but still checks a given one', () => {
    const base = {
      ...emptyRegistration,
      firstName: 'Pat',
      lastName: 'Lee',
      email: 'pat@example.com',
      password: 'a long pass phrase',
      confirmPassword: 'a long pass phrase',
      termsAccepted: true,
    }
    expect(validateRegistration(base, { phoneOptional: true })).toEqual({})
    expect(validateRegistration({ ...base, phone: '123' }, { phoneOptional: true }).phone).toBe(
      'Valid phone number is required'
    )
  })

  it('needs 12 characters in the password', () => {
    const base = { ...emptyRegistration, password: 'x'.repeat(11) }
    expect(validateRegistration(base).password).toBe('Password must be at least 12 characters')
    expect(validateRegistration({ ...base, password: 'x'.repeat(12) }).password).toBeUndefined()
  })
})
