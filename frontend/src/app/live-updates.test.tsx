import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, waitFor } from '@testing-library/react'
import { AppProvider } from '@/app/provider'
import { LIVE_RULES, LiveUpdates } from '@/app/live-updates'
import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { setLiveClientFactory } from '@/lib/live'
import { fakeLiveClient } from '@/testing/live'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'

afterEach(() => {
  setLiveClientFactory(null)
  vi.unstubAllGlobals()
})

describe('LiveUpdates (the app layout’s)', () => {
  const user = (id: number, role: string) => ({
    id,
    role,
    email: `${role}@example.test`,
    firstName: 'T',
    lastName: 'U',
  })

  it('listens on the user’s own channel, and an admin on the admins’ too', async () => {
    for (const [me, channels] of [
      [user(5, 'shipper'), ['users/5']],
      [user(6, 'carrier'), ['users/6']],
      [user(1, 'admin'), ['users/1', 'admin']],
    ] as const) {
      const fake = fakeLiveClient()
      setLiveClientFactory(() => fake.client)
      mockFetch({ 'GET /api/user': { body: me } })
      const { unmount } = render(
        <AppProvider>
          <LiveUpdates />
        </AppProvider>
      )
      await waitFor(() => expect(fake.created).toEqual(channels))
      unmount()
    }
  })

  it('drayage, payout, contact and account notices refetch the screens that show them', async () => {
    /** Reads `paths` as the screens do (the key is the path). */
    function Reads({ paths }: { paths: string[] }) {
      for (const path of paths) {
        // eslint-disable-next-line react-hooks/rules-of-hooks -- a fixed list per render
        useSWR(path, (key: string) => api.get(key))
      }
      return null
    }
    const cases = [
      {
        me: user(5, 'shipper'),
        channel: 'users/5',
        notice: { kind: 'drayage', id: 8, change: 'accepted' },
        stale: ['/api/drayage/moves', '/api/drayage/moves/8/invoices'],
        fresh: ['/api/carrier/payouts'],
      },
      {
        me: user(6, 'carrier'),
        channel: 'users/6',
        notice: { kind: 'drayage', id: 8, change: 'cancelled' },
        stale: ['/api/drayage/moves', '/api/drayage/moves/open'],
        fresh: ['/api/carrier/payouts'],
      },
      {
        me: user(6, 'carrier'),
        channel: 'users/6',
        notice: { kind: 'payout', id: 12, change: 'paid' },
        stale: ['/api/carrier/payouts'],
        fresh: ['/api/drayage/moves'],
      },
      {
        me: user(1, 'admin'),
        channel: 'admin',
        notice: { kind: 'payout', id: 12, change: 'failed' },
        stale: ['/api/admin/payouts/attention'],
        fresh: ['/api/admin/contact-messages?page=1&perPage=10'],
      },
      {
        // Another admin acted on an account: the user list's pages, the user's page and the
        // requests waiting for a second admin (user management, decision 0210).
        me: user(1, 'admin'),
        channel: 'admin',
        notice: { kind: 'account', id: 9, change: 'action_requested' },
        stale: [
          '/api/admin/users?role=admin&page=1',
          '/api/admin/users/9',
          '/api/admin/user-actions',
        ],
        fresh: ['/api/admin/payouts/attention'],
      },
      {
        me: user(1, 'admin'),
        channel: 'admin',
        notice: { kind: 'contact', id: 3, change: 'received' },
        stale: ['/api/admin/contact-messages?page=1&perPage=10'],
        fresh: ['/api/admin/payouts/attention'],
      },
    ]
    for (const { me, channel, notice, stale, fresh } of cases) {
      const fake = fakeLiveClient()
      setLiveClientFactory(() => fake.client)
      const answers: Record<string, { body: unknown }> = { 'GET /api/user': { body: me } }
      for (const path of [...stale, ...fresh]) answers[`GET ${path.split('?')[0]}`] = { body: [] }
      const { calls } = mockFetch(answers)
      const { unmount } = render(
        <AppProvider>
          <LiveUpdates />
          <Reads paths={[...stale, ...fresh]} />
        </AppProvider>
      )
      await waitFor(() => expect(fake.created).toContain(channel))
      // Past the refetch on subscribing.
      await new Promise((resolve) => setTimeout(resolve, 150))
      const count = (path: string) =>
        calls.filter((c) => c.method === 'GET' && c.url.endsWith(path)).length
      const before = Object.fromEntries([...stale, ...fresh].map((p) => [p, count(p)]))
      fake.push(channel, notice)
      for (const path of stale) {
        await waitFor(() => expect(count(path), `${notice.kind}: ${path}`).toBe(before[path] + 1))
      }
      await new Promise((resolve) => setTimeout(resolve, 120))
      for (const path of fresh) expect(count(path), `${notice.kind}: ${path}`).toBe(before[path])
      unmount()
    }
  })

  it('an admin, on two channels, reads each list once more when subscribed and once per reconnect', async () => {
    function Reads() {
      useSWR('/api/admin/user-actions', (key: string) => api.get(key))
      return null
    }
    const fake = fakeLiveClient()
    setLiveClientFactory(() => fake.client)
    // The admins' subscription completes a while after the user's own (two POSTs to the server).
    const create = fake.client.subscription('admin').create
    fake.client.subscription('admin').create = async () => {
      await new Promise((resolve) => setTimeout(resolve, 120))
      await create()
    }
    const { calls } = mockFetch({
      'GET /api/user': { body: user(1, 'admin') },
      'GET /api/admin/user-actions': { body: [] },
    })
    render(
      <AppProvider>
        <LiveUpdates />
        <Reads />
      </AppProvider>
    )
    await waitFor(() => expect(fake.created).toEqual(['users/1', 'admin']))
    await new Promise((resolve) => setTimeout(resolve, 200))
    const reads = () => requestsTo(calls, 'GET', '/api/admin/user-actions').length
    // The first read, then one once both channels listen (not one per channel).
    expect(reads()).toBe(2)
    fake.reconnect()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(reads()).toBe(3)
  })

  it('the rules name the drayage, payout and contact reads of each role', () => {
    expect(LIVE_RULES.shipper.drayage).toEqual(['/api/drayage/moves'])
    expect(LIVE_RULES.carrier.drayage).toEqual(['/api/drayage/moves', '/api/driver/work'])
    expect(LIVE_RULES.carrier.payout).toContain('/api/carrier/payouts')
    expect(LIVE_RULES.carrier.account).toContain('/api/account/standing')
    expect(LIVE_RULES.admin.payout).toEqual(['/api/admin/payouts/attention'])
    expect(LIVE_RULES.admin.contact).toEqual(['/api/admin/contact-messages'])
    // A shipper hears nothing of payouts, the contact inbox is the admins' only.
    expect(LIVE_RULES.shipper.payout).toBeUndefined()
    expect(LIVE_RULES.carrier.contact).toBeUndefined()
  })

  it('nobody signed in: no channel', async () => {
    const fake = fakeLiveClient()
    setLiveClientFactory(() => fake.client)
    const { calls } = mockFetch({ 'GET /api/user': { body: null } })
    render(
      <AppProvider>
        <LiveUpdates />
      </AppProvider>
    )
    await waitFor(() => expect(requestsTo(calls, 'GET', '/api/user').length).toBeGreaterThan(0))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fake.created).toEqual([])
  })
})
