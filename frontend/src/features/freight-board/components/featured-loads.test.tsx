import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { setLiveClientFactory } from '@/lib/live'
import type { FeaturedLoad } from '@/features/freight-board/api/types'
import { FIRST_PAINT, makeFeaturedLoad, renderAs } from '@/features/freight-board/testing/fixtures'
import { requestsTo } from '@/testing/mock-fetch'
import { fakeLiveClient } from '@/testing/live'

afterEach(() => setLiveClientFactory(null))

describe('/overview featured freight board', () => {
  it('shows open loads to a signed-out visitor with lane, equipment, pallets, miles and price', async () => {
    renderAs('visitor', '/overview', {
      'GET /api/freight-listings/featured': {
        body: [
          makeFeaturedLoad(),
          makeFeaturedLoad({
            id: 22,
            pallets: 1,
            equipment: 'FLATBED',
            mode: 'TL',
            origin: { city: 'Dallas', state: 'TX' },
            destination: { city: 'Houston', state: 'TX' },
            distance_miles: 239,
            price: 640,
          }),
        ],
      },
    })
    const list = await screen.findByRole('list', { name: 'Featured loads' }, FIRST_PAINT)
    const first = within(list).getByRole('listitem', { name: 'Chicago, IL → Detroit, MI' })
    expect(within(first).getByText('Reefer · LTL · 4 pallets · 283.4 mi')).toBeInTheDocument()
    expect(within(first).getByText('$980.00')).toBeInTheDocument()
    const second = within(list).getByRole('listitem', { name: 'Dallas, TX → Houston, TX' })
    expect(within(second).getByText('Flatbed · Truckload · 1 pallet · 239 mi')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign up to claim loads' })).toHaveAttribute(
      'href',
      '/auth?tab=signup'
    )
  })

  it('says when no load is open', async () => {
    renderAs('visitor', '/overview', { 'GET /api/freight-listings/featured': { body: [] } })
    expect(await screen.findByText('No open loads right now', {}, FIRST_PAINT)).toBeInTheDocument()
  })

  it('reloads when a load is posted or taken on the public channel', async () => {
    const live = fakeLiveClient()
    setLiveClientFactory(() => live.client)
    let loads: FeaturedLoad[] = [makeFeaturedLoad()]
    const { calls } = renderAs('visitor', '/overview', {
      'GET /api/freight-listings/featured': () => ({ body: loads }),
    })
    await screen.findByRole('list', { name: 'Featured loads' }, FIRST_PAINT)
    expect(live.created).toEqual(['freight/public'])
    await waitFor(() =>
      expect(requestsTo(calls, 'GET', '/api/freight-listings/featured')).toHaveLength(2)
    )
    loads = []
    live.push('freight/public', { type: 'claimed', id: 21 })
    expect(await screen.findByText('No open loads right now')).toBeInTheDocument()
    await waitFor(() =>
      expect(requestsTo(calls, 'GET', '/api/freight-listings/featured')).toHaveLength(3)
    )
  })
})
