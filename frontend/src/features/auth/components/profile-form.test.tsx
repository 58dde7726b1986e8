import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { formatDateTime } from '@/lib/format'

const sam = makeUser({
  role: 'shipper',
  firstName: 'Sam',
  lastName: 'Lee',
  phone: '3125550100',
  email: 'sam@shipper.test',
  username: 'sam@shipper.test',
})

function setup(routes: Record<string, MockRoute> = {}) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: sam },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  renderApp('/shipper#profile')
  return mock
}

const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }, { timeout: 5000 }))
  return screen.getByRole('form', { name: 'Edit profile' })
}

describe('profile: edit name and phone', () => {
  it('shows the account read-only until Edit profile', async () => {
    setup()
    const list = await screen.findByLabelText('Account details', {}, { timeout: 5000 })
    expect(list).toHaveTextContent('Sam Lee')
    expect(list).toHaveTextContent('sam@shipper.test')
    expect(list).toHaveTextContent('3125550100')
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument()
  })

  it('keeps username and email read-only, focuses the form and Cancel sends nothing', async () => {
    const { calls } = setup()
    const form = await openEditor()
    expect(within(form).getByLabelText('First name')).toHaveFocus()
    expect(within(form).getByLabelText('First name')).toHaveValue('Sam')
    expect(within(form).queryByLabelText('Email')).not.toBeInTheDocument()
    expect(within(form).getByLabelText('Sign-in details')).toHaveTextContent('sam@shipper.test')
    expect(within(form).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings'
    )
    fill(form, 'First name', 'Someone else')
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Account details')).toHaveTextContent('Sam Lee')
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus()
    expect(requestsTo(calls, 'PUT', '/api/account/profile')).toHaveLength(0)
  })

  it('checks the form before sending anything', async () => {
    const { calls } = setup()
    const form = await openEditor()
    fill(form, 'First name', 'S')
    fill(form, 'Last name', ' ')
    fill(form, 'Phone', '555-01')
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect(await within(form).findByText('First name is required')).toBeInTheDocument()
    expect(within(form).getByText('Last name is required')).toBeInTheDocument()
    expect(within(form).getByText('Valid phone number is required')).toBeInTheDocument()
    expect(requestsTo(calls, 'PUT', '/api/account/profile')).toHaveLength(0)
  })

  it('shows the server refusing a field under that field', async () => {
    setup({
      'PUT /api/account/profile': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            { field: 'phone', message: 'Valid phone number is required', rule: 'minLength' },
          ],
        },
      },
    })
    const form = await openEditor()
    fill(form, 'Phone', '+1 (312) 55')
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect(await within(form).findByText('Valid phone number is required')).toBeInTheDocument()
  })

  it('saves, sends an empty phone as none, and the top bar shows the new name', async () => {
    const { calls } = setup({
      'PUT /api/account/profile': (req) => ({
        body: { ...sam, ...(req.body as object) },
      }),
    })
    const form = await openEditor()
    fill(form, 'First name', ' Dana ')
    fill(form, 'Last name', 'Okafor')
    fill(form, 'Phone', '')
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect((await screen.findAllByText('Profile saved')).length).toBeGreaterThan(0)
    expect(requestsTo(calls, 'PUT', '/api/account/profile')[0].body).toEqual({
      firstName: 'Dana',
      lastName: 'Okafor',
      phone: null,
    })
    expect(screen.getByLabelText('Account details')).toHaveTextContent('Dana Okafor')
    expect(screen.getByLabelText('Account details')).toHaveTextContent('Not provided')
    expect(screen.getByRole('button', { name: 'Account menu for Dana Okafor' })).toBeInTheDocument()
  })
})

describe('profile: a new phone is an account change', () => {
  const cora = makeUser({
    role: 'carrier',
    firstName: 'Cora',
    lastName: 'Diaz',
    phone: '3135550100',
    email: 'cora@haulers.test',
  })
  const endsAt = '2030-03-04T05:06:00.000Z'

  function setupAs(user: typeof sam, url: string, routes: Record<string, MockRoute> = {}) {
    setXsrfCookie()
    const mock = mockFetch({
      'GET /api/user': { body: user },
      'POST /api/analytics/events': { status: 204 },
      'PUT /api/account/profile': (req) => ({ body: { ...user, ...(req.body as object) } }),
      ...routes,
    })
    renderApp(url)
    return mock
  }

  it('a carrier is told where the notice went and until when payouts are held', async () => {
    const { calls } = setupAs(cora, '/carrier#profile', {
      'GET /api/carrier/payout-hold': {
        body: {
          hold: {
            kind: 'phone',
            reason: 'Phone number changed: payouts held for 72 hours',
            noticeSentTo: 'cora@haulers.test',
            startsAt: '2030-03-01T05:06:00.000Z',
            endsAt,
          },
        },
      },
    })
    const form = await openEditor()
    fill(form, 'Phone', '3135550199')
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }))
    const text = `A notice went to cora@haulers.test. Your payouts are held until ${formatDateTime(endsAt)}.`
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0)
    expect(requestsTo(calls, 'GET', '/api/carrier/payout-hold')).toHaveLength(1)
  })

  it('a shipper is told where the notice went; nothing to hold', async () => {
    const { calls } = setupAs(sam, '/shipper#profile')
    const form = await openEditor()
    fill(form, 'Phone', '')
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect(
      (await screen.findAllByText('A notice went to sam@shipper.test.')).length
    ).toBeGreaterThan(0)
    expect(requestsTo(calls, 'GET', '/api/carrier/payout-hold')).toHaveLength(0)
  })

  it('the same phone: saved, no notice, no hold read', async () => {
    const { calls } = setupAs(cora, '/carrier#profile')
    const form = await openEditor()
    fill(form, 'First name', 'Corinne')
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect((await screen.findAllByText('Profile saved')).length).toBeGreaterThan(0)
    expect(screen.queryByText(/A notice went to/)).toBeNull()
    expect(requestsTo(calls, 'GET', '/api/carrier/payout-hold')).toHaveLength(0)
  })
})

describe('profile of a company member (decision 0223)', () => {
  const member = {
    userId: 9,
    role: 'planner' as const,
    firstName: 'Priya',
    lastName: 'Natarajan',
    email: 'planner@shipper.test',
    phone: null,
    companyId: 3,
    companyName: 'Sam Lee',
    companyKind: 'shipper' as const,
  }

  it('shows the member’s own name and email, their role at the company, and edits them', async () => {
    const { calls } = setup({
      'GET /api/user': { body: { ...sam, member } },
      'GET /api/company': { status: 403, body: { message: 'no' } },
    })
    const list = await screen.findByLabelText('Account details', {}, { timeout: 5000 })
    expect(list).toHaveTextContent('Priya Natarajan')
    expect(list).toHaveTextContent('planner@shipper.test')
    expect(list).toHaveTextContent('Planner at Sam Lee')
    expect(list).not.toHaveTextContent('sam@shipper.test')
    expect(screen.queryByText('Team')).not.toBeInTheDocument()
    const form = await openEditor()
    expect(within(form).getByLabelText('First name')).toHaveValue('Priya')
    expect(requestsTo(calls, 'GET', '/api/company')).toHaveLength(0)
  })

  it('an owner sees the Team panel under the profile', async () => {
    setup({
      'GET /api/user': { body: { ...sam, member: { ...member, userId: sam.id, role: 'owner' } } },
      'GET /api/company': {
        body: { id: 3, kind: 'shipper', name: 'Sam Lee', members: [] },
      },
      'GET /api/company/invites': { body: [] },
    })
    expect(await screen.findByText('Team', {}, { timeout: 5000 })).toBeInTheDocument()
  })
})
