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
  carrierId: 41,
  carrierVetting: {
    carrierId: 41,
    hasInsuranceCertificate: false,
    insuranceExpiresOn: null,
    verified: false,
    vetting: {
      driver: 'census_file',
      trigger: 'registration',
      result: 'fail',
      verified: false,
      checkedAt: '2025-02-03T12:05:00.000Z',
      checks: [
        {
          key: 'dot_allowed',
          label: 'USDOT number active and allowed to operate',
          result: 'pass',
          reason: 'USDOT 998877 (CASEY HAUL LLC) is allowed to operate',
        },
        {
          key: 'liability_insurance',
          label: 'Liability insurance on file of at least $750,000',
          result: 'fail',
          reason: 'No liability insurance on file with FMCSA',
        },
      ],
    },
  },
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
  carrierId: null,
  carrierVetting: null,
}

/** The same carrier once its vetting passes. */
const passing: PendingUser = {
  ...carrier,
  carrierVetting: {
    ...carrier.carrierVetting!,
    vetting: {
      ...carrier.carrierVetting!.vetting!,
      result: 'pass',
      checks: carrier.carrierVetting!.vetting!.checks.map((c) => ({ ...c, result: 'pass' })),
    },
  },
}

function setup(
  approve: { status: number; body: unknown } | ((body: any) => { status: number; body: unknown }),
  first: PendingUser = passing
) {
  setXsrfCookie()
  let pending = [first, shipper]
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' }) },
    'GET /api/admin/users/pending': () => ({ body: pending }),
    'PUT /api/admin/users/11/approve': (req) => {
      const answer = typeof approve === 'function' ? approve(req.body) : approve
      if (answer.status < 400) pending = pending.filter((u) => u.id !== 11)
      return answer
    },
    'PUT /api/admin/users/12/approve': () => {
      pending = pending.filter((u) => u.id !== 12)
      return { body: { ...shipper } }
    },
    'POST /api/admin/carriers/41/vetting': () => ({
      body: { ...carrier.carrierVetting!.vetting, trigger: 'admin' },
    }),
    'GET /api/admin/carriers/flagged': { body: { carriers: [] } },
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

  it('shows a carrier’s vetting beside its form and runs it again on request', async () => {
    const { calls } = setup({ status: 200, body: {} }, carrier)
    const list = await screen.findByRole('list', { name: 'Pending users' })
    const row = within(list).getByRole('listitem', { name: 'Casey Driver' })
    const vetting = within(row).getByRole('region', { name: 'FMCSA vetting' })
    expect(
      within(vetting).getByRole('listitem', {
        name: 'Liability insurance on file of at least $750,000: Fail',
      })
    ).toHaveTextContent('No liability insurance on file with FMCSA')
    expect(within(row).getByText('No insurance certificate uploaded')).toBeInTheDocument()
    expect(within(row).getByText('Not verified')).toBeInTheDocument()
    const shipperRow = within(list).getByRole('listitem', { name: 'Sam Sender' })
    expect(within(shipperRow).queryByRole('region', { name: 'FMCSA vetting' })).toBeNull()
    fireEvent.click(within(row).getByRole('button', { name: 'Run vetting again for Casey Driver' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/admin/carriers/41/vetting').length).toBe(1)
    )
    expect((await screen.findAllByText('Vetting updated')).length).toBeGreaterThan(0)
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

  it('approves a carrier whose vetting failed only with a reason, showing the failing checks', async () => {
    const { calls } = setup(
      (body) =>
        body.reason === undefined
          ? {
              status: 422,
              body: {
                message: 'Validation failed',
                errors: [{ field: 'reason', message: 'vetting failed', rule: 'required' }],
              },
            }
          : { status: 200, body: { ...carrier, isApproved: true } },
      carrier
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Approve casey@haul.example' }))
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Approve Casey Driver although its vetting failed?',
    })
    // No request until the admin gives a reason.
    expect(requestsTo(calls, 'PUT', '/api/admin/users/11/approve')).toHaveLength(0)
    const failing = within(dialog).getByRole('region', { name: 'Failing checks' })
    expect(failing).toHaveTextContent('Liability insurance on file of at least $750,000')
    expect(failing).toHaveTextContent('No liability insurance on file with FMCSA')
    expect(failing).not.toHaveTextContent('USDOT number active')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve anyway' }))
    const reason = within(dialog).getByLabelText('Reason for approving')
    expect(reason).toHaveAttribute('aria-invalid', 'true')
    expect(
      within(dialog).getByText('Give the reason for approving this carrier')
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'PUT', '/api/admin/users/11/approve')).toHaveLength(0)
    fireEvent.change(reason, { target: { value: 'Certificate seen by phone, upload due today' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve anyway' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'PUT', '/api/admin/users/11/approve')[0]?.body).toEqual({
        isApproved: true,
        reason: 'Certificate seen by phone, upload due today',
      })
    )
    expect((await screen.findAllByText('User updated')).length).toBeGreaterThan(0)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('Not now closes the dialog and approves nothing', async () => {
    const { calls } = setup({ status: 200, body: {} }, carrier)
    fireEvent.click(await screen.findByRole('button', { name: 'Approve casey@haul.example' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(requestsTo(calls, 'PUT', '/api/admin/users/11/approve')).toHaveLength(0)
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
