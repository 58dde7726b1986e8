import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AdminDashboard } from '@/features/admin/api/get-admin-dashboard'
import type {
  AnalyticsOverview,
  IdentityRevealLog,
} from '@/features/admin/api/get-analytics-overview'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

const FIRST_PAINT = { timeout: 5000 }

const dashboard = (overrides: Partial<AdminDashboard> = {}): AdminDashboard => ({
  totalUsers: 9,
  usersByRole: { shipper: 4, carrier: 4, admin: 1 },
  activeCarriers: 2,
  pendingApprovals: 2,
  monthlyRevenue: 4321.5,
  monthLabel: 'March 2025',
  recentBookings: Array.from({ length: 6 }, (_, i) => ({
    id: 12 - i,
    reference: `TRT-${String(12 - i).padStart(3, '0')}`,
    status: i === 0 ? 'in_transit' : 'booked',
    paymentStatus: 'paid',
    pickupCity: 'Chicago',
    pickupState: 'IL',
    deliveryCity: 'Detroit',
    deliveryState: 'MI',
    totalAmount: 1000 + i,
    createdAt: '2025-03-05T10:00:00.000Z',
    shipperName: 'Sam Shipper',
    carrierName: 'Verified carrier #4821',
  })),
  ...overrides,
})

const log = (id: number): IdentityRevealLog => ({
  id,
  bookingId: id,
  bookingReference: `TRT-${String(id).padStart(3, '0')}`,
  viewerId: 20 + id,
  viewerName: `Viewer ${id}`,
  viewerRole: id % 2 ? 'shipper' : 'admin',
  viewedAt: '2025-03-05T10:00:00.000Z',
  reason: id === 22 ? 'Shipper disputes the delivery; calling the carrier' : null,
})

/** 23 reveals, newest (id 23) first, 10 a page. */
function overview(page: number): AnalyticsOverview {
  const all = Array.from({ length: 23 }, (_, i) => log(23 - i))
  return {
    totalRevenue: 98765.43,
    averageRate: 2.41,
    activeShippers: 3,
    totalBookings: 17,
    identityRevealLogs: {
      data: all.slice((page - 1) * 10, page * 10),
      meta: { total: 23, perPage: 10, currentPage: page, lastPage: 3 },
    },
  }
}

function setup(routes: Record<string, MockRoute> = {}) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' }) },
    'GET /api/admin/users/pending': { body: [] },
    'GET /api/admin/carriers': {
      body: { data: [], meta: { total: 0, perPage: 20, currentPage: 1, lastPage: 1 } },
    },
    'GET /api/admin/dashboard': { body: dashboard() },
    'GET /api/admin/analytics-overview': (req) => ({
      body: overview(Number(new URL(req.url, 'http://x').searchParams.get('page'))),
    }),
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  renderApp('/admin')
  return mock
}

const card = (name: string) => screen.getByRole('group', { name })

describe('admin console', () => {
  it('shows the summary cards from the API', async () => {
    setup()
    await screen.findByRole('group', { name: 'Total Users' }, FIRST_PAINT)
    expect(card('Total Users')).toHaveTextContent('9')
    expect(card('Total Users')).toHaveTextContent('4 shippers · 4 carriers · 1 admin')
    expect(card('Active Carriers')).toHaveTextContent('2')
    expect(card('Pending Approvals')).toHaveTextContent('2')
    expect(card('Monthly Revenue')).toHaveTextContent('$4,321.50')
    expect(card('Monthly Revenue')).toHaveTextContent('March 2025')
  })

  it('lists the five newest bookings with TRT- references', async () => {
    setup()
    const list = await screen.findByRole('list', { name: 'Recent bookings' }, FIRST_PAINT)
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(5)
    expect(items[0]).toHaveTextContent('TRT-012')
    expect(items[0]).toHaveTextContent('In Transit')
    expect(items[0]).toHaveTextContent('Chicago, IL → Detroit, MI')
    expect(items[0]).toHaveTextContent('$1,000.00')
  })

  it('shows platform analytics', async () => {
    setup()
    await screen.findByRole('group', { name: 'Total Revenue' }, FIRST_PAINT)
    expect(card('Total Revenue')).toHaveTextContent('$98,765.43')
    expect(card('Average Rate')).toHaveTextContent('$2.41')
    expect(card('Average Rate')).toHaveTextContent('Per pallet-mile')
    expect(card('Active Shippers')).toHaveTextContent('3')
    // Not cancelled, and says so: Money & audit checks every booking, cancelled ones included,
    // so the two figures differ and must not read as the same count (issue 31 item 16).
    expect(card('Bookings (not cancelled)')).toHaveTextContent('17')
    expect(card('Bookings (not cancelled)')).toHaveTextContent('Cancelled bookings are not counted')
  })

  it('pages through the identity reveal audit log', async () => {
    const { calls } = setup()
    const table = await screen.findByRole('table', { name: 'Identity reveals' }, FIRST_PAINT)
    const firstRow = () => within(table).getAllByRole('row')[1]
    // The header, ten reveals and the reason of the one an admin made on purpose.
    expect(within(table).getAllByRole('row')).toHaveLength(12)
    expect(firstRow()).toHaveTextContent('TRT-023')
    expect(firstRow()).toHaveTextContent('Viewer 23')
    expect(firstRow()).toHaveTextContent('Shipper')
    // An admin's deliberate reveal shows its reason under it; a page's view has none.
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('TRT-022')
    expect(
      within(table).getByRole('row', { name: 'Reason for revealing the carrier of TRT-022' })
    ).toHaveTextContent('Reason: Shipper disputes the delivery; calling the carrier')
    expect(within(table).getAllByRole('row', { name: /^Reason for revealing/ })).toHaveLength(1)
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument()
    const previous = screen.getByRole('button', { name: 'Previous' })
    const next = screen.getByRole('button', { name: 'Next' })
    expect(previous).toBeDisabled()

    fireEvent.click(next)
    await waitFor(() => expect(screen.getByText(/Page 2 of 3/)).toBeInTheDocument())
    expect(firstRow()).toHaveTextContent('TRT-013')
    await waitFor(() => expect(previous).toBeEnabled())

    fireEvent.click(next)
    await waitFor(() => expect(screen.getByText(/Page 3 of 3/)).toBeInTheDocument())
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    await waitFor(() => expect(previous).toBeEnabled())
    expect(next).toBeDisabled()

    fireEvent.click(previous)
    await waitFor(() => expect(screen.getByText(/Page 2 of 3/)).toBeInTheDocument())
    expect(
      requestsTo(calls, 'GET', '/api/admin/analytics-overview').map(
        (c) => new URL(c.url, 'http://x').search
      )
    ).toEqual(['?page=1&perPage=10', '?page=2&perPage=10', '?page=3&perPage=10'])
  })

  it('shows carriers anonymously and reveals one on purpose', async () => {
    const { calls } = setup({
      'POST /api/admin/bookings/12/reveal-carrier': {
        body: {
          bookingId: 12,
          carrier: {
            companyName: 'Motor City Haulers LLC',
            contactName: 'Cal Carrier',
            email: 'cal@haulers.test',
            phone: null,
            dotNumber: null,
            mcNumber: null,
          },
        },
      },
    })
    const list = await screen.findByRole('list', { name: 'Recent bookings' }, FIRST_PAINT)
    expect(list).toHaveTextContent('Carrier Verified carrier #4821')
    expect(list).not.toHaveTextContent('Motor City Haulers LLC')
    const before = requestsTo(calls, 'GET', '/api/admin/analytics-overview').length

    fireEvent.click(within(list).getByRole('button', { name: 'Reveal the carrier of TRT-012' }))
    // A reason and a confirmation first; no reason, no request.
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Reveal the carrier of TRT-012?',
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal carrier' }))
    expect(
      await within(dialog).findByText('Give the reason for revealing this carrier')
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/admin/bookings/12/reveal-carrier')).toHaveLength(0)
    fireEvent.change(within(dialog).getByLabelText('Reason for the reveal'), {
      target: { value: 'Dispute 88: the shipper asks who hauled it' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal carrier' }))
    await waitFor(() => expect(list).toHaveTextContent('Carrier Motor City Haulers LLC'))
    const posts = requestsTo(calls, 'POST', '/api/admin/bookings/12/reveal-carrier')
    expect(posts).toHaveLength(1)
    expect(posts[0].body).toEqual({
      reason: 'Dispute 88: the shipper asks who hauled it',
    })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(within(list).queryByRole('button', { name: 'Reveal the carrier of TRT-012' })).toBeNull()
    // The audit log is fetched again and shows the new reveal.
    await waitFor(() =>
      expect(requestsTo(calls, 'GET', '/api/admin/analytics-overview').length).toBeGreaterThan(
        before
      )
    )
  })

  it('lists the contact messages, newest first, a page at a time', async () => {
    const message = (id: number) => ({
      id,
      name: `Sender ${id}`,
      email: `sender${id}@example.com`,
      company: id === 12 ? 'Lee Imports' : null,
      subject: `Question ${id}`,
      message: `Body of message ${id}`,
      fromUserId: null,
      receivedAt: '2025-03-05T10:00:00.000Z',
    })
    const { calls } = setup({
      'GET /api/admin/contact-messages': (req) => {
        const page = Number(new URL(req.url, 'http://x').searchParams.get('page'))
        const ids = page === 1 ? [12, 11, 10, 9, 8, 7, 6, 5, 4, 3] : [2, 1]
        return {
          body: {
            data: ids.map(message),
            meta: { total: 12, perPage: 10, currentPage: page, lastPage: 2 },
          },
        }
      },
    })
    const list = await screen.findByRole('list', { name: 'Contact messages' }, FIRST_PAINT)
    expect(within(list).getAllByRole('listitem')).toHaveLength(10)
    const first = within(list).getAllByRole('listitem')[0]
    expect(first).toHaveTextContent('Question 12')
    expect(first).toHaveTextContent('Sender 12 · sender12@example.com · Lee Imports')
    expect(first).toHaveTextContent('Body of message 12')
    const pages = screen.getByRole('navigation', { name: 'Contact message pages' })
    expect(pages).toHaveTextContent('Page 1 of 2 · 12 messages')
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(pages).toHaveTextContent('Page 2 of 2'))
    expect(requestsTo(calls, 'GET', '/api/admin/contact-messages').length).toBeGreaterThan(1)
    expect(screen.getByRole('list', { name: 'Contact messages' })).toHaveTextContent('Question 1')
  })

  it('filters the identity reveal log by viewer role', async () => {
    const { calls } = setup()
    const select = await screen.findByLabelText('Viewer', {}, FIRST_PAINT)
    fireEvent.change(select, { target: { value: 'shipper' } })
    await waitFor(() =>
      expect(
        requestsTo(calls, 'GET', '/api/admin/analytics-overview').map(
          (c) => new URL(c.url, 'http://x').search
        )
      ).toContain('?page=1&perPage=10&viewerRole=shipper')
    )
  })

  it('shows an empty audit log and an error state for a failed summary', async () => {
    setup({
      'GET /api/admin/dashboard': { status: 500, body: { message: 'Internal server error' } },
      'GET /api/admin/analytics-overview': {
        body: {
          ...overview(1),
          identityRevealLogs: {
            data: [],
            meta: { total: 0, perPage: 10, currentPage: 1, lastPage: 0 },
          },
        },
      },
    })
    expect(await screen.findByText('No identity reveals yet', {}, FIRST_PAINT)).toBeInTheDocument()
    expect(await screen.findByText('Could not load the platform summary')).toBeInTheDocument()
    expect(screen.getByText('Could not load recent bookings')).toBeInTheDocument()
  })

  it('refreshes the summary cards after an approval', async () => {
    let pending = 1
    const { calls } = setup({
      'GET /api/admin/users/pending': () => ({
        body: pending
          ? [
              {
                id: 11,
                firstName: 'Casey',
                lastName: 'Driver',
                email: 'casey@haul.example',
                role: 'carrier',
                phone: null,
                createdAt: '2025-02-03T12:00:00.000Z',
                companyName: 'Casey Haul LLC',
                dotNumber: null,
                mcNumber: null,
              },
            ]
          : [],
      }),
      'GET /api/admin/dashboard': () => ({
        body: dashboard({ pendingApprovals: pending, activeCarriers: 3 - pending }),
      }),
      'PUT /api/admin/users/11/approve': () => {
        pending = 0
        return { body: {} }
      },
    })
    fireEvent.click(
      await screen.findByRole('button', { name: 'Approve casey@haul.example' }, FIRST_PAINT)
    )
    await waitFor(() => expect(card('Pending Approvals')).toHaveTextContent('0'))
    expect(card('Active Carriers')).toHaveTextContent('3')
    expect(requestsTo(calls, 'GET', '/api/admin/dashboard')).toHaveLength(2)
  })

  it('opens Fleet Oversight; User Management and Finance are screens of their own', async () => {
    setup()
    const nav = await screen.findByRole('navigation', { name: 'Admin dashboard' }, FIRST_PAINT)
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin')
    const fleet = within(nav).getByRole('link', { name: 'Fleet Oversight' })
    expect(fleet).toHaveAttribute('href', '/admin#fleet')
    fireEvent.click(fleet)
    await waitFor(() => expect(fleet).toHaveAttribute('aria-current', 'page'))
    expect(await screen.findByRole('heading', { name: 'Fleet Oversight' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'User Management' })).toHaveAttribute(
      'href',
      '/admin/users'
    )
    expect(within(nav).queryByRole('link', { name: 'Financial Reports' })).toBeNull()
    expect(within(nav).getByRole('link', { name: 'Finance' })).toHaveAttribute(
      'href',
      '/admin/finance'
    )
  })
})
