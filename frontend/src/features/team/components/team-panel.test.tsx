import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import { TeamPanel } from '@/features/team/components/team-panel'

const company = {
  id: 3,
  kind: 'carrier',
  name: 'Great Lakes Pallet Express LLC',
  members: [
    {
      id: 10,
      userId: 1,
      firstName: 'Mike',
      lastName: 'Kowalski',
      email: 'carrier@palletline.test',
      role: 'owner',
      joinedAt: '2026-01-05T15:00:00.000Z',
    },
    {
      id: 11,
      userId: 7,
      firstName: 'Tom',
      lastName: 'Brennan',
      email: 'driver@palletline.test',
      role: 'driver',
      joinedAt: '2026-02-05T15:00:00.000Z',
    },
  ],
}

const pending = {
  id: 4,
  email: 'new@carriers.test',
  role: 'dispatcher',
  expiresAt: '2026-12-01T15:00:00.000Z',
  createdAt: '2026-11-24T15:00:00.000Z',
  status: 'pending',
}

function setup(routes = {}) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/company': { body: company },
    'GET /api/company/invites': { body: [] },
    ...routes,
  })
  renderWithProviders(<TeamPanel personId={1} />)
  return mock
}

describe('the Team panel (decision 0223)', () => {
  it('lists the members with their roles, the signed-in owner as "you"; no invites yet', async () => {
    setup()
    const members = await screen.findByRole('list', { name: 'Members' })
    const rows = within(members).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('You')).toBeInTheDocument()
    expect(within(rows[1]).getByLabelText('Role of Tom Brennan')).toHaveValue('driver')
    expect(await screen.findByText('No invites sent yet')).toBeInTheDocument()
  })

  it('invites by email with a role of the company’s kind; a server field error shows on its field', async () => {
    let answer: { status: number; body: unknown } = { status: 201, body: pending }
    const { calls } = setup({ 'POST /api/company/invites': () => answer })
    const form = await screen.findByRole('form', { name: 'Invite a member' })
    const roles = within(form).getByLabelText('Role') as HTMLSelectElement
    expect([...roles.options].map((o) => o.value)).toEqual(['dispatcher', 'driver', 'accounts'])
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'nope' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }))
    expect(await within(form).findByText('Invalid email address')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/company/invites')).toHaveLength(0)

    answer = {
      status: 422,
      body: {
        message: 'Validation failed',
        errors: [{ field: 'email', message: 'An account with this email already exists' }],
      },
    }
    fireEvent.change(within(form).getByLabelText('Email'), {
      target: { value: 'taken@carriers.test' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }))
    expect(
      await within(form).findByText('An account with this email already exists')
    ).toBeInTheDocument()

    answer = { status: 201, body: pending }
    fireEvent.change(within(form).getByLabelText('Email'), {
      target: { value: 'new@carriers.test' },
    })
    fireEvent.change(roles, { target: { value: 'driver' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }))
    await waitFor(() => expect(requestsTo(calls, 'POST', '/api/company/invites')).toHaveLength(2))
    expect(requestsTo(calls, 'POST', '/api/company/invites')[1].body).toEqual({
      email: 'new@carriers.test',
      role: 'driver',
    })
  })

  it('removing asks first; keeping changes nothing, confirming calls the server', async () => {
    const { calls } = setup({ 'DELETE /api/company/members/11': { status: 204 } })
    const members = await screen.findByRole('list', { name: 'Members' })
    fireEvent.click(within(members).getByRole('button', { name: 'Remove Tom Brennan' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Tom Brennan?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep member' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(requestsTo(calls, 'DELETE', '/api/company/members/11')).toHaveLength(0)

    fireEvent.click(within(members).getByRole('button', { name: 'Remove Tom Brennan' }))
    const again = await screen.findByRole('alertdialog', { name: 'Remove Tom Brennan?' })
    fireEvent.click(within(again).getByRole('button', { name: 'Remove member' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'DELETE', '/api/company/members/11')).toHaveLength(1)
    )
  })

  it('a role change goes to the server; a refusal (the last owner) is told and the list reloads', async () => {
    const { calls } = setup({
      'PATCH /api/company/members/10': {
        status: 409,
        body: { message: 'A company always keeps one owner: make another member owner first' },
      },
    })
    const members = await screen.findByRole('list', { name: 'Members' })
    fireEvent.change(within(members).getByLabelText('Role of Mike Kowalski'), {
      target: { value: 'dispatcher' },
    })
    expect(
      await screen.findByText('A company always keeps one owner: make another member owner first')
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'PATCH', '/api/company/members/10')[0].body).toEqual({
      role: 'dispatcher',
    })
    await waitFor(() => expect(requestsTo(calls, 'GET', '/api/company').length).toBeGreaterThan(1))
  })

  it('a waiting invite can be withdrawn after a confirmation', async () => {
    const { calls } = setup({
      'GET /api/company/invites': { body: [pending] },
      'DELETE /api/company/invites/4': { status: 204 },
    })
    const invites = await screen.findByRole('list', { name: 'Invites' })
    fireEvent.click(
      within(invites).getByRole('button', { name: 'Withdraw the invite to new@carriers.test' })
    )
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw invite' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'DELETE', '/api/company/invites/4')).toHaveLength(1)
    )
  })

  it('a failed load says so with a retry', async () => {
    setup({ 'GET /api/company': { status: 500, body: { message: 'Server error' } } })
    expect(await screen.findByText('Could not load the team')).toBeInTheDocument()
  })
})
