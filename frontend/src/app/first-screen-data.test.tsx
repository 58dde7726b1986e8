import { render, screen } from '@testing-library/react'
import useSWR, { mutate, SWRConfig } from 'swr'
import { FIRST_READS, preloadFirstScreen } from '@/app/first-screen-data'
import { swrConfig } from '@/app/provider'
import { carrierDashboardKey } from '@/features/carrier/api/get-carrier-dashboard'
import { mockFetch } from '@/testing/mock-fetch'

function Screen({ path }: { path: string }) {
  const { data, error } = useSWR<{ name: string }>(path)
  return <p>{error ? 'failed' : (data?.name ?? 'loading')}</p>
}

function renderScreen(path: string) {
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <Screen path={path} />
    </SWRConfig>
  )
}

// The first screen's data is asked for as the app starts, beside its code (decision 0219).
describe('the first screen’s data', () => {
  // A read started and never taken by a screen stays with SWR: forgotten between tests.
  afterEach(async () => {
    for (const key of ['/api/user', ...Object.values(FIRST_READS).flat()]) await mutate(key)
  })

  it('is asked for once, before the screen renders, and the screen shows that answer', async () => {
    const { calls } = mockFetch({ [`GET ${carrierDashboardKey}`]: { body: { name: 'Acme' } } })
    preloadFirstScreen({ pathname: '/carrier', hash: '' })
    // With the current user, the guard's question.
    expect(calls.map((c) => c.url)).toEqual(['/api/user', carrierDashboardKey])
    renderScreen(carrierDashboardKey)
    expect(await screen.findByText('Acme')).toBeInTheDocument()
    expect(calls).toHaveLength(2)
  })

  it('is asked for again by the screen when the early answer failed (not signed in yet)', async () => {
    let answers = 0
    const { calls } = mockFetch({
      'GET /api/admin/dashboard': () =>
        ++answers === 1
          ? { status: 401, body: { message: 'Unauthorized' } }
          : { body: { name: 'Console' } },
      'GET /api/admin/users/pending': { body: [] },
    })
    preloadFirstScreen({ pathname: '/admin', hash: '' })
    await new Promise((resolve) => setTimeout(resolve, 10))
    renderScreen('/api/admin/dashboard')
    expect(await screen.findByText('Console')).toBeInTheDocument()
    expect(calls.filter((c) => c.url === '/api/admin/dashboard')).toHaveLength(2)
  })

  it('is not asked for a section in the hash (the user is), nor for a screen without a list', () => {
    const { calls } = mockFetch({})
    preloadFirstScreen({ pathname: '/settings', hash: '' })
    expect(calls).toEqual([])
    preloadFirstScreen({ pathname: '/shipper', hash: '#bookings' })
    expect(calls.map((c) => c.url)).toEqual(['/api/user'])
  })

  it('names a read for each of the six screens of issue 38', () => {
    expect(Object.keys(FIRST_READS).sort()).toEqual(
      ['/admin', '/carrier', '/freight-board', '/post-load', '/shipper', '/tms'].sort()
    )
  })
})
