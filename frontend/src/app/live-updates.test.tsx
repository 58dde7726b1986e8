import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, waitFor } from '@testing-library/react'
import { AppProvider } from '@/app/provider'
import { LiveUpdates } from '@/app/live-updates'
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
