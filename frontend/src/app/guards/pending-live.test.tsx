import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import type { User } from '@/features/auth/api/get-user'
import { setLiveClientFactory } from '@/lib/live'
import { fakeLiveClient } from '@/testing/live'
import { mockFetch } from '@/testing/mock-fetch'
import { makeUser, renderApp } from '@/testing/test-utils'

afterEach(() => {
  setLiveClientFactory(null)
  vi.unstubAllGlobals()
})

const pending = makeUser({ id: 41, role: 'carrier', isApproved: false, approvalStatus: 'pending' })
const approved = makeUser({ ...pending, isApproved: true, approvalStatus: 'approved' })
const suspended = makeUser({ ...pending, approvalStatus: 'suspended' })

/** GET /api/user answers `before` until `decided()`, then `after`. */
function userTurning(before: User, after: User) {
  let decided = false
  mockFetch({
    'GET /api/user': () => ({ body: decided ? after : before }),
    'GET /api/account/standing': {
      body: {
        approvalStatus: 'suspended',
        suspension: { reason: 'Out-of-service order', since: '2026-03-01T12:00:00.000Z' },
        appeal: {
          email: 'support@palletline.com',
          phone: '(800) 555-0142',
          contactPath: '/contact',
        },
      },
    },
    'POST /api/analytics/events': { status: 204 },
  })
  return () => (decided = true)
}

describe('/carrier-pending hears its own channel (docs/decisions/0171)', () => {
  it('a pending carrier approved meanwhile goes on to its dashboard without a reload', async () => {
    const fake = fakeLiveClient()
    setLiveClientFactory(() => fake.client)
    const approve = userTurning(pending, approved)
    const { router } = renderApp('/carrier-pending')
    expect(
      await screen.findByRole('heading', { name: 'Account Pending Approval' })
    ).toBeInTheDocument()
    await waitFor(() => expect(fake.created).toEqual(['users/41']))
    await new Promise((resolve) => setTimeout(resolve, 120))

    approve()
    fake.push('users/41', { kind: 'account', id: 41, change: 'approved' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/carrier'))
  })

  it('a suspended carrier reinstated meanwhile leaves the suspension page', async () => {
    const fake = fakeLiveClient()
    setLiveClientFactory(() => fake.client)
    const reinstate = userTurning(suspended, approved)
    const { router } = renderApp('/carrier-pending')
    expect(await screen.findByRole('heading', { name: 'Account Suspended' })).toBeInTheDocument()
    await waitFor(() => expect(fake.created).toEqual(['users/41']))

    // The refetch on subscribing is done; a notice of another kind changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 120))
    reinstate()
    fake.push('users/41', { kind: 'booking', id: 3, change: 'confirmed' })
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(router.state.location.pathname).toBe('/carrier-pending')

    fake.push('users/41', { kind: 'account', id: 41, change: 'reinstated' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/carrier'))
  })
})
