import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import * as React from 'react'
import useSWR, { SWRConfig } from 'swr'
import { setLiveClientFactory } from '@/lib/live'
import { useLiveRefresh, type LiveRefreshRules } from '@/lib/live-refresh'
import { api } from '@/lib/api-client'
import { fakeLiveClient } from '@/testing/live'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'

/** A fresh SWR cache, configured as the app's (no revalidation on focus or when stale). */
function AppProvider({ children }: { children: React.ReactNode }) {
  const [cache] = React.useState(() => new Map())
  return (
    <SWRConfig
      value={{
        provider: () => cache,
        shouldRetryOnError: false,
        revalidateOnFocus: false,
        revalidateIfStale: false,
        revalidateOnReconnect: false,
      }}
    >
      {children}
    </SWRConfig>
  )
}

afterEach(() => {
  setLiveClientFactory(null)
  vi.unstubAllGlobals()
})

const RULES: LiveRefreshRules = {
  booking: ['/api/bookings'],
  load: ['/api/shipper/freight-listings'],
}

/** A screen showing the first booking's status and the posted loads' count. */
function Screen({ channel = 'users/7' as string | null }) {
  useLiveRefresh(channel, RULES)
  const bookings = useSWR<{ status: string }[]>('/api/bookings', (key: string) =>
    api.get<{ status: string }[]>(key)
  )
  return <p>{bookings.data ? `Status: ${bookings.data[0].status}` : 'Loading'}</p>
}

/** GET /api/bookings answers `statuses` in turn (the last one again after that). */
function bookingsAnswering(...statuses: string[]) {
  let call = 0
  return mockFetch({
    'GET /api/bookings': () => ({
      body: [{ status: statuses[Math.min(call++, statuses.length - 1)] }],
    }),
    'GET /api/bookings/3/history': { body: [] },
    'GET /api/shipper/freight-listings': { body: [] },
  })
}

describe('useLiveRefresh', () => {
  it('refetches the reads a notice’s kind names, and only those, without a reload', async () => {
    const fake = fakeLiveClient()
    setLiveClientFactory(() => fake.client)
    // booked (first fetch), booked (fetched again once subscribed), then confirmed
    const { calls } = bookingsAnswering('booked', 'booked', 'confirmed')
    render(
      <AppProvider>
        <Screen />
      </AppProvider>
    )
    await screen.findByText('Status: booked')
    expect(fake.created).toEqual(['users/7'])
    await waitFor(() => expect(requestsTo(calls, 'GET', '/api/bookings')).toHaveLength(2))

    // A kind without a rule, and a read never loaded (the posted loads): nothing is fetched.
    fake.push('users/7', { kind: 'account', id: 7, change: 'approved' })
    fake.push('users/7', { kind: 'load', id: 9, change: 'claimed' })
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(requestsTo(calls, 'GET', '/api/bookings')).toHaveLength(2)
    expect(requestsTo(calls, 'GET', '/api/shipper/freight-listings')).toHaveLength(0)

    // Two notices at once cost one refetch; the old data stays on screen until it arrives.
    fake.push('users/7', { kind: 'booking', id: 3, change: 'confirmed' })
    fake.push('users/7', { kind: 'booking', id: 3, change: 'confirmed' })
    expect(screen.getByText('Status: booked')).toBeInTheDocument()
    await screen.findByText('Status: confirmed')
    expect(requestsTo(calls, 'GET', '/api/bookings')).toHaveLength(3)
  })

  it('fetches again when the stream reconnected, for what was pushed meanwhile', async () => {
    const fake = fakeLiveClient()
    setLiveClientFactory(() => fake.client)
    const { calls } = bookingsAnswering('booked', 'booked', 'delivered')
    render(
      <AppProvider>
        <Screen />
      </AppProvider>
    )
    await waitFor(() => expect(requestsTo(calls, 'GET', '/api/bookings')).toHaveLength(2))
    fake.reconnect()
    await screen.findByText('Status: delivered')
  })

  it('a failed refetch keeps what is shown', async () => {
    const fake = fakeLiveClient()
    setLiveClientFactory(() => fake.client)
    let fail = false
    mockFetch({
      'GET /api/bookings': () =>
        fail ? { status: 503, body: { message: 'Try again' } } : { body: [{ status: 'booked' }] },
    })
    render(
      <AppProvider>
        <Screen />
      </AppProvider>
    )
    await screen.findByText('Status: booked')
    fail = true
    fake.push('users/7', { kind: 'booking', id: 3, change: 'confirmed' })
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(screen.getByText('Status: booked')).toBeInTheDocument()
  })

  it('reloads a read its hook reshapes with the rule’s own loader, not the bare answer', async () => {
    const fake = fakeLiveClient()
    setLiveClientFactory(() => fake.client)
    let names = ['Acme']
    mockFetch({
      'GET /api/admin/carriers/flagged': () => ({
        body: { carriers: names.map((name) => ({ name })) },
      }),
    })
    const load = () =>
      api
        .get<{ carriers: { name: string }[] }>('/api/admin/carriers/flagged')
        .then((body) => body.carriers)
    function Flagged() {
      useLiveRefresh('admin', {
        // The plain path comes second: the loader of the first rule that matches is used.
        carrier: [{ path: '/api/admin/carriers/flagged', load }, '/api/admin/carriers'],
      })
      const { data } = useSWR('/api/admin/carriers/flagged', load)
      return <p>{data ? `Flagged: ${data.map((c) => c.name).join(', ')}` : 'Loading'}</p>
    }
    render(
      <AppProvider>
        <Flagged />
      </AppProvider>
    )
    await screen.findByText('Flagged: Acme')
    names = ['Acme', 'Bolt']
    fake.push('admin', { kind: 'carrier', id: 2, change: 'vetting_failed' })
    await screen.findByText('Flagged: Acme, Bolt')
  })

  it('listens to nothing without a channel', async () => {
    const fake = fakeLiveClient()
    setLiveClientFactory(() => fake.client)
    bookingsAnswering('booked')
    render(
      <AppProvider>
        <Screen channel={null} />
      </AppProvider>
    )
    await screen.findByText('Status: booked')
    expect(fake.created).toEqual([])
  })
})
