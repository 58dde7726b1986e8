import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PendingUser } from '@/features/admin/api/get-pending-users'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

const carrier: PendingUser = {
  id: 11,
  firstName: 'Casey',
  lastName: 'Driver',
  email: 'casey@haul.example',
  role: 'carrier',
  phone: '5550001111',
  createdAt: '2025-02-03T12:00:00.000Z',
  companyName: 'Casey Haul LLC',
  dotNumber: '998877',
  mcNumber: null,
}
const shipper: PendingUser = {
  ...carrier,
  id: 12,
  firstName: 'Sam',
  lastName: 'Sender',
  email: 'sam@ship.example',
  role: 'shipper',
  companyName: null,
  dotNumber: null,
}

function setup(approve: { status: number; body: unknown }) {
  setXsrfCookie()
  let pending = [carrier, shipper]
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' }) },
    'GET /api/admin/users/pending': () => ({ body: pending }),
    'PUT /api/admin/users/11/approve': () => {
      if (approve.status < 400) pending = pending.filter((u) => u.id !== 11)
      return approve
    },
    'PUT /api/admin/users/12/approve': () => {
      pending = pending.filter((u) => u.id !== 12)
      return { body: { ...shipper } }
    },
    'POST /api/analytics/events': { status: 204 },
  })
  renderApp('/admin')
  return mock
}

describe('admin pending approvals', () => {
  it('lists pending users with company details for carriers', async () => {
    setup({ status: 200, body: {} })
    const list = await screen.findByRole('list', { name: 'Pending users' })
    const row = within(list).getByRole('listitem', { name: 'Casey Driver' })
    expect(within(row).getByText('casey@haul.example')).toBeInTheDocument()
    expect(within(row).getByText('carrier')).toBeInTheDocument()
    expect(within(row).getByText(/Casey Haul LLC/)).toBeInTheDocument()
    expect(within(row).getByText('Registered Feb 3, 2025')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument()
  })

  it('approves a user, toasts and revalidates the list', async () => {
    const { calls } = setup({ status: 200, body: { ...carrier, isApproved: true } })
    fireEvent.click(await screen.findByRole('button', { name: 'Approve casey@haul.example' }))
    expect((await screen.findAllByText('User updated')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText('User approval status has been updated successfully.').length
    ).toBeGreaterThan(0)
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Approve casey@haul.example' })).toBeNull()
    )
    const [put] = requestsTo(calls, 'PUT', '/api/admin/users/11/approve')
    expect(put.body).toEqual({ isApproved: true })
    expect(put.headers['x-xsrf-token']).toBe('token=abc')
    expect(requestsTo(calls, 'GET', '/api/admin/users/pending').length).toBe(2)
  })

  it('rejects with isApproved false and shows the empty state when nobody is left', async () => {
    const { calls } = setup({ status: 200, body: {} })
    fireEvent.click(await screen.findByRole('button', { name: 'Approve casey@haul.example' }))
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Approve casey@haul.example' })).toBeNull()
    )
    fireEvent.click(screen.getByRole('button', { name: 'Reject sam@ship.example' }))
    expect(await screen.findByText('No pending approvals')).toBeInTheDocument()
    expect(requestsTo(calls, 'PUT', '/api/admin/users/12/approve')[0].body).toEqual({
      isApproved: false,
    })
  })

  it('shows the server message in an Update failed toast', async () => {
    setup({ status: 403, body: { message: 'You do not have access to this resource' } })
    fireEvent.click(await screen.findByRole('button', { name: 'Approve casey@haul.example' }))
    expect((await screen.findAllByText('Update failed')).length).toBeGreaterThan(0)
    expect(
      screen.getAllByText('403: You do not have access to this resource').length
    ).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: 'Approve casey@haul.example' })).toBeEnabled()
  })
})
