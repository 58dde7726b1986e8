import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRequest } from '@/testing/mock-fetch'
import { makeUser, renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import type {
  AdminUser,
  AdminUserActionRequest,
  AdminUserDetail,
} from '@/features/admin/api/user-management'
import { UserManagement } from '@/features/admin/components/user-management'
import { UserDetailPage } from '@/features/admin/components/user-detail'

const FIRST_PAINT = { timeout: 5000 }
const ME = makeUser({ id: 1, role: 'admin', email: 'ada@palletline.test', twoFactorEnabled: true })

const row = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 21,
  email: 'sue@shipper.test',
  name: 'Sue Shipper',
  role: 'shipper',
  company: null,
  membership: null,
  approval: 'approved',
  standing: 'active',
  twoFactor: false,
  lockedUntil: null,
  lastSignInAt: '2030-03-05T10:00:00.000Z',
  createdAt: '2030-01-02T10:00:00.000Z',
  ...over,
})
const carrierRow = row({
  id: 22,
  email: 'carl@haul.test',
  name: 'Carl Carrier',
  role: 'carrier',
  company: { carrierId: 7, name: 'Zephyr Haulers LLC', dotNumber: '1234567', mcNumber: 'MC765' },
  membership: { companyId: 3, companyName: 'Zephyr Haulers LLC', kind: 'carrier', role: 'owner' },
  lastSignInAt: null,
})
// A planner login of a shipper company: its company shows, with its role there (decision 0223).
const plannerRow = row({
  id: 23,
  email: 'pat@shipper.test',
  name: 'Pat Planner',
  membership: { companyId: 4, companyName: 'Acme Foods Inc.', kind: 'shipper', role: 'planner' },
})
const adminRow = (id: number, name: string, email: string) =>
  row({ id, name, email, role: 'admin', twoFactor: true })
const ADMINS = [
  adminRow(1, 'Ada Admin', 'ada@palletline.test'),
  adminRow(2, 'Bob Boss', 'bob@palletline.test'),
]

const page = (data: AdminUser[], total = data.length, lastPage = 1, currentPage = 1) => ({
  data,
  meta: { total, perPage: 20, currentPage, lastPage },
})
const query = (req: MockRequest) => new URL(req.url, 'http://x').searchParams

/** GET /api/admin/users: the admins' names for `role=admin`, else `list(req)`. */
const usersRoute = (list: (req: MockRequest) => unknown) => (req: MockRequest) =>
  query(req).get('role') === 'admin' && query(req).get('perPage') === '100'
    ? { body: page(ADMINS) }
    : { body: list(req) }

const detail = (over: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  user: row(),
  phone: '3125550100',
  counts: { bookings: 4, loads: 2 },
  sessions: [{ ref: 'a1b2c3d4', expiresAt: '2030-03-10T10:00:00.000Z' }],
  tokens: [],
  vetting: null,
  standingHistory: [],
  pendingEmailChange: null,
  pendingRequests: [],
  actions: [],
  ...over,
})

describe('User Management: the list', () => {
  it('lists users with role, company, approval, standing and two-factor; searches, filters, sorts and pages', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: ME },
      'GET /api/admin/user-actions': { body: [] },
      'GET /api/admin/users': usersRoute((req) => {
        const p = Number(query(req).get('page') ?? 1)
        return page(
          p === 1 ? [row(), carrierRow, plannerRow] : [row({ id: 30, email: 'p2@x.test' })],
          21,
          2,
          p
        )
      }),
    })
    renderWithProviders(<UserManagement selfId={ME.id} />, { url: '/admin/users' })
    const table = await screen.findByRole('table', { name: 'Users' }, FIRST_PAINT)
    const sue = await within(table).findByRole('row', { name: 'sue@shipper.test' })
    expect(within(sue).getByRole('link', { name: 'Sue Shipper' })).toHaveAttribute(
      'href',
      '/admin/users/21'
    )
    expect(sue).toHaveTextContent('Shipper')
    expect(sue).toHaveTextContent('No company')
    expect(sue).toHaveTextContent('Approved')
    expect(sue).toHaveTextContent('Active')
    expect(sue).toHaveTextContent(/2FA\sOff/)
    const carl = within(table).getByRole('row', { name: 'carl@haul.test' })
    expect(carl).toHaveTextContent('Zephyr Haulers LLC')
    expect(carl).toHaveTextContent('DOT 1234567 · MC765')
    expect(carl).not.toHaveTextContent('Member:')
    const pat = within(table).getByRole('row', { name: 'pat@shipper.test' })
    expect(pat).toHaveTextContent('Acme Foods Inc.')
    expect(pat).toHaveTextContent('Member: Planner')
    expect(carl).toHaveTextContent('Never')
    // The phone's cards carry the same rows.
    expect(
      within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem')
    ).toHaveLength(3)
    expect(screen.getByText('21 accounts in all. Updates live.')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await within(table).findByRole('row', { name: 'p2@x.test' })).toBeTruthy()
    expect(screen.getByText('Page 2 of 2')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'carrier' } })
    fireEvent.change(screen.getByLabelText('Standing'), { target: { value: 'suspended' } })
    fireEvent.change(screen.getByLabelText('Two-factor'), { target: { value: 'off' } })
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' 1234567 ' } })
    const listed = () =>
      requestsTo(calls, 'GET', '/api/admin/users')
        .map((c) => c.url)
        .filter((url) => !url.includes('perPage=100'))
    await waitFor(() =>
      expect(listed()).toContain(
        '/api/admin/users?q=1234567&role=carrier&standing=suspended&twoFactor=off&sort=created&direction=desc&page=1'
      )
    )
    // A column header sorts; a second click turns the order round.
    fireEvent.click(screen.getByRole('button', { name: 'Company' }))
    await waitFor(() => expect(listed().at(-1)).toContain('sort=company&direction=asc'))
    expect(screen.getByRole('columnheader', { name: 'Company' })).toHaveAttribute(
      'aria-sort',
      'ascending'
    )
    fireEvent.click(screen.getByRole('button', { name: 'Company' }))
    await waitFor(() => expect(listed().at(-1)).toContain('sort=company&direction=desc'))
  })

  it('shows the loading skeleton, the error with a retry, and the empty state', async () => {
    let fail = true
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    // The first answer waits, then fails; the retry finds nobody.
    mockFetch({
      'GET /api/user': { body: ME },
      'GET /api/admin/user-actions': { body: [] },
      'GET /api/admin/users': async (req) => {
        if (query(req).get('perPage') === '100') return { body: page(ADMINS) }
        await gate
        return fail
          ? { status: 500, body: { message: 'Database unavailable' } }
          : { body: page([]) }
      },
    })
    renderWithProviders(<UserManagement selfId={ME.id} />, { url: '/admin/users?role=carrier' })
    expect(await screen.findByRole('status', { name: 'Loading users' }, FIRST_PAINT)).toBeTruthy()
    release()
    expect(await screen.findByText('Could not load the users')).toBeTruthy()
    expect(screen.getByText(/Database unavailable/)).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No user matches')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Clear search and filters' }).length).toBe(2)
  })

  it('lists the requests waiting for a second admin; Confirm only for an admin who may', async () => {
    setXsrfCookie()
    const requests: AdminUserActionRequest[] = [
      {
        id: 5,
        action: 'suspend',
        targetUserId: 2,
        requestedBy: 1,
        reason: 'Left the company last week',
        status: 'pending',
        decidedBy: null,
        outcome: null,
        createdAt: '2030-03-05T10:00:00.000Z',
        decidedAt: null,
        payload: null,
      },
      {
        id: 6,
        action: 'revoke-sessions',
        targetUserId: 3,
        requestedBy: 2,
        reason: 'Laptop stolen at the depot',
        status: 'pending',
        decidedBy: null,
        outcome: null,
        createdAt: '2030-03-05T11:00:00.000Z',
        decidedAt: null,
        payload: null,
      },
    ]
    mockFetch({
      'GET /api/user': { body: ME },
      'GET /api/admin/user-actions': () => ({ body: requests }),
      'GET /api/admin/users': usersRoute(() => page([row()])),
      'POST /api/admin/user-actions/6/confirm': {
        status: 403,
        body: { message: 'Another admin must confirm an action on your own account' },
      },
    })
    renderWithProviders(<UserManagement selfId={ME.id} />, { url: '/admin/users' })
    const list = await screen.findByRole('list', { name: 'Pending confirmations' }, FIRST_PAINT)
    const mine = await within(list).findByRole('listitem', { name: 'Suspend Bob Boss' })
    expect(mine).toHaveTextContent('Asked by Ada Admin')
    expect(mine).toHaveTextContent('Reason: Left the company last week')
    expect(within(mine).queryByRole('button', { name: /Confirm/ })).toBeNull()
    expect(mine).toHaveTextContent('You asked for this: another admin confirms it')

    const theirs = within(list).getByRole('listitem', { name: 'Revoke the sessions of Admin #3' })
    fireEvent.click(
      within(theirs).getByRole('button', { name: 'Confirm: Revoke the sessions of Admin #3' })
    )
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Reason: Laptop stolen at the depot')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm: revoke sessions' }))
    // The API's refusal is shown with its own words.
    expect(
      await within(theirs).findByText('Another admin must confirm an action on your own account')
    ).toBeTruthy()
  })
})

describe('User Management: a user’s page and the action dialog', () => {
  it('asks the reason before sending; the API’s 422 on reason is shown on the field', async () => {
    setXsrfCookie()
    let current = detail()
    const { calls } = mockFetch({
      'GET /api/user': { body: ME },
      'GET /api/admin/users': usersRoute(() => page([])),
      'GET /api/admin/users/21': () => ({ body: current }),
      'POST /api/admin/users/21/suspend': (req) => {
        const reason = (req.body as { reason: string }).reason
        if (reason.startsWith('   ')) return { status: 500 }
        if (reason === 'Too short?!') {
          return {
            status: 422,
            body: {
              errors: [
                {
                  field: 'reason',
                  rule: 'minLength',
                  message: 'The reason must be at least 10 characters',
                },
              ],
            },
          }
        }
        const suspended = { ...current.user, standing: 'suspended' as const }
        current = {
          ...current,
          user: suspended,
          standingHistory: [
            { action: 'suspended', reason, at: '2030-03-06T10:00:00.000Z', adminUserId: 1 },
          ],
        }
        return {
          body: { action: 'suspend', status: 'done', user: suspended, count: null, auditId: 9 },
        }
      },
    })
    renderWithProviders(<UserDetailPage userId="21" selfId={ME.id} />, { url: '/admin/users/21' })
    expect(await screen.findByRole('heading', { name: 'Sue Shipper' }, FIRST_PAINT)).toBeTruthy()
    expect(screen.getByText('Never suspended')).toBeTruthy()
    expect(screen.getByText('a1b2c3d4')).toBeTruthy()
    expect(screen.getByText('No API tokens')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Sue Shipper' })
    const reason = within(dialog).getByLabelText('Reason')
    const submit = within(dialog).getByRole('button', { name: 'Suspend account' })
    fireEvent.click(submit)
    expect(await within(dialog).findByText('Give the reason for this action')).toBeTruthy()
    expect(reason).toHaveAttribute('aria-invalid', 'true')
    expect(requestsTo(calls, 'POST', '/api/admin/users/21/suspend')).toHaveLength(0)

    // The server's own check, shown on the field it names.
    fireEvent.change(reason, { target: { value: 'Too short?!' } })
    fireEvent.click(submit)
    expect(
      await within(dialog).findByText('The reason must be at least 10 characters')
    ).toBeTruthy()
    expect(reason).toHaveAccessibleDescription('The reason must be at least 10 characters')

    fireEvent.change(reason, { target: { value: 'Chargebacks on three cards this week' } })
    fireEvent.click(submit)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(await screen.findByText('Chargebacks on three cards this week')).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Reinstate' })).toBeTruthy()
    expect(requestsTo(calls, 'POST', '/api/admin/users/21/suspend').at(-1)?.body).toEqual({
      reason: 'Chargebacks on three cards this week',
    })
  })

  it('on an admin: the dialog says a second admin must confirm, and after 202 the page shows the request', async () => {
    setXsrfCookie()
    const bob = adminRow(2, 'Bob Boss', 'bob@palletline.test')
    let current = detail({ user: bob, counts: { bookings: 0, loads: 0 }, sessions: [] })
    mockFetch({
      'GET /api/user': { body: ME },
      'GET /api/admin/users': usersRoute(() => page([])),
      'GET /api/admin/users/2': () => ({ body: current }),
      'POST /api/admin/users/2/revoke-tokens': (req) => {
        const request: AdminUserActionRequest = {
          id: 12,
          action: 'revoke-tokens',
          targetUserId: 2,
          requestedBy: 1,
          reason: (req.body as { reason: string }).reason,
          status: 'pending',
          decidedBy: null,
          outcome: null,
          createdAt: '2030-03-06T10:00:00.000Z',
          decidedAt: null,
          payload: null,
        }
        current = { ...current, pendingRequests: [request] }
        return { status: 202, body: request }
      },
    })
    renderWithProviders(<UserDetailPage userId="2" selfId={ME.id} />, { url: '/admin/users/2' })
    expect(await screen.findByRole('heading', { name: 'Bob Boss' }, FIRST_PAINT)).toBeTruthy()
    expect(screen.getByText('No sessions')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Revoke API tokens' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke API tokens Bob Boss' })
    expect(dialog).toHaveTextContent('A second admin must confirm')
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Token leaked in a public repository' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask a second admin' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    const waiting = await screen.findByRole('listitem', {
      name: 'Revoke the API tokens of Bob Boss',
    })
    expect(waiting).toHaveTextContent('Waiting for a second admin')
    expect(waiting).toHaveTextContent('Asked by Ada Admin')
    expect(waiting).toHaveTextContent('You asked for this: another admin confirms it')
    expect(screen.getByRole('button', { name: 'Revoke API tokens' })).toBeDisabled()
  })

  it('changes a user’s email: the new address is asked on its field and goes to POST …/email', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/user': { body: ME },
      'GET /api/admin/users': usersRoute(() => page([])),
      // Once the link is sent, the page says the change waits for it.
      'GET /api/admin/users/21': () => ({
        body: detail({
          pendingEmailChange: requestsTo(calls, 'POST', '/api/admin/users/21/email').some(
            (r) => (r.body as { email: string }).email === 'sue@new.test'
          )
            ? {
                email: 'sue@new.test',
                sentAt: '2030-03-01T10:00:00.000Z',
                expiresAt: '2030-03-02T10:00:00.000Z',
              }
            : null,
        }),
      }),
      'POST /api/admin/users/21/email': (req) => {
        const { email } = req.body as { email: string }
        if (email === 'taken@shipper.test') {
          return {
            status: 422,
            body: {
              errors: [{ field: 'email', rule: 'unique', message: 'This email is already in use' }],
            },
          }
        }
        return {
          body: { action: 'change-email', status: 'done', user: row(), count: null, auditId: 10 },
        }
      },
    })
    renderWithProviders(<UserDetailPage userId="21" selfId={ME.id} />, { url: '/admin/users/21' })
    expect(await screen.findByRole('heading', { name: 'Sue Shipper' }, FIRST_PAINT)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Force password reset' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Change email Sue Shipper' })
    const email = within(dialog).getByLabelText('New email')
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'The user asked by phone, identity checked' },
    })
    const submit = within(dialog).getByRole('button', { name: 'Send confirmation link' })
    fireEvent.click(submit)
    expect(await within(dialog).findByText('Give the new email address')).toBeTruthy()
    expect(requestsTo(calls, 'POST', '/api/admin/users/21/email')).toHaveLength(0)

    fireEvent.change(email, { target: { value: 'taken@shipper.test' } })
    fireEvent.click(submit)
    expect(await within(dialog).findByText('This email is already in use')).toBeTruthy()
    expect(email).toHaveAttribute('aria-invalid', 'true')

    fireEvent.change(email, { target: { value: 'sue@new.test' } })
    fireEvent.click(submit)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(requestsTo(calls, 'POST', '/api/admin/users/21/email').at(-1)?.body).toEqual({
      email: 'sue@new.test',
      reason: 'The user asked by phone, identity checked',
    })
    expect(await screen.findByText(/Changing to sue@new\.test: waiting for the link/)).toBeTruthy()
  })

  it('an unknown user is "User not found"; another failure offers a retry', async () => {
    mockFetch({
      'GET /api/user': { body: ME },
      'GET /api/admin/users': usersRoute(() => page([])),
      'GET /api/admin/users/404': { status: 404, body: { message: 'User not found' } },
    })
    renderWithProviders(<UserDetailPage userId="404" selfId={ME.id} />, { url: '/admin/users/404' })
    expect(await screen.findByText('User not found', {}, FIRST_PAINT)).toBeTruthy()
    expect(screen.getAllByRole('link', { name: 'All users' })[0]).toHaveAttribute(
      'href',
      '/admin/users'
    )
  })
})
