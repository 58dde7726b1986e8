import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { setLiveClientFactory } from '@/lib/live'
import type { BoardLoad } from '@/features/freight-board/api/types'
import { FIRST_PAINT, makeBoardLoad, renderAs } from '@/features/freight-board/testing/fixtures'
import { requestsTo, type MockRequest } from '@/testing/mock-fetch'
import { fakeLiveClient } from '@/testing/live'

afterEach(() => setLiveClientFactory(null))

async function openBoard(routes: Parameters<typeof renderAs>[2], url = '/freight-board') {
  const rendered = renderAs('carrier', url, routes)
  await screen.findByRole('list', { name: 'Open loads' }, FIRST_PAINT)
  return rendered
}

const card = (id: number) => screen.getByRole('listitem', { name: new RegExp(`^Load #${id}:`) })
const boardUrls = (calls: MockRequest[]) =>
  requestsTo(calls, 'GET', '/api/freight-listings').map((c) => c.url)

describe('freight board', () => {
  it('shows each load with lane, window, freight, price, carrier pay and rate per mile', async () => {
    await openBoard({
      'GET /api/freight-listings': { body: [makeBoardLoad({ funded: true, notes: 'Dock 4' })] },
    })
    const load = card(11)
    expect(within(load).getByText('Chicago, IL 60601 → Detroit, MI 48201')).toBeInTheDocument()
    expect(within(load).getByText('Dry Van')).toBeInTheDocument()
    expect(within(load).getByText('Truckload')).toBeInTheDocument()
    expect(within(load).getByText('4,200 lbs')).toBeInTheDocument()
    expect(within(load).getByText('48 × 40 × 60 in')).toBeInTheDocument()
    expect(within(load).getByText('283.4 mi')).toBeInTheDocument()
    expect(within(load).getByText('$1,250.00')).toBeInTheDocument()
    expect(within(load).getByText('$1,137.50')).toBeInTheDocument()
    expect(within(load).getByText('You earn')).toBeInTheDocument()
    expect(within(load).getByText('$4.41/mi')).toBeInTheDocument()
    expect(within(load).getByText('Funded')).toBeInTheDocument()
    expect(within(load).getByText('Dock 4')).toBeInTheDocument()
    expect(within(load).queryByText('Shipper #4821')).not.toBeInTheDocument()
    expect(screen.getByText('Updates live · refreshes every 30 seconds')).toBeInTheDocument()
  })

  it('shows the shipper’s rating from carriers’ reviews, or that it has none yet', async () => {
    await openBoard({
      'GET /api/freight-listings': {
        body: [
          makeBoardLoad({ id: 11, shipper_rating: { average: 4.5, count: 6 } }),
          makeBoardLoad({ id: 12, shipper_rating: { average: null, count: 0 } }),
        ],
      },
    })
    expect(
      within(card(11)).getByRole('img', { name: 'Rated 4.5 out of 5 from 6 reviews' })
    ).toBeInTheDocument()
    expect(within(card(12)).getByText('No reviews yet')).toBeInTheDocument()
  })

  it('marks the loads this carrier was invited to with an Invited badge', async () => {
    await openBoard({
      'GET /api/freight-listings': {
        body: [makeBoardLoad({ id: 11, invited: true }), makeBoardLoad({ id: 12 })],
      },
    })
    expect(within(card(11)).getByText('Invited')).toHaveClass('text-sky-800')
    expect(within(card(12)).queryByText('Invited')).not.toBeInTheDocument()
  })

  it('asks without filters first, then only with the filters that have a value', async () => {
    const { calls } = await openBoard({ 'GET /api/freight-listings': { body: [makeBoardLoad()] } })
    expect(boardUrls(calls)).toEqual(['/api/freight-listings'])
    fireEvent.change(screen.getByLabelText('Equipment'), { target: { value: 'REEFER' } })
    await waitFor(() =>
      expect(boardUrls(calls).at(-1)).toBe('/api/freight-listings?equipment=REEFER')
    )
    fireEvent.change(screen.getByLabelText('Origin ZIP'), { target: { value: '606' } })
    fireEvent.click(screen.getByLabelText('Funded only'))
    await waitFor(() =>
      expect(boardUrls(calls).at(-1)).toBe(
        '/api/freight-listings?equipment=REEFER&origin_zip=606&funded=true'
      )
    )
    fireEvent.change(screen.getByLabelText('Equipment'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'LTL' } })
    await waitFor(() =>
      expect(boardUrls(calls).at(-1)).toBe(
        '/api/freight-listings?mode=LTL&origin_zip=606&funded=true'
      )
    )
  })

  it('refuses a ZIP filter that is not 1 to 5 digits on its field, asks nothing, and hides the loads shown before', async () => {
    const { calls } = await openBoard({
      'GET /api/freight-listings': { body: [makeBoardLoad({ id: 11 })] },
    })
    expect(card(11)).toBeInTheDocument()
    const origin = screen.getByLabelText('Origin ZIP')
    fireEvent.change(origin, { target: { value: 'zzzzz' } })
    expect(await screen.findByText('Origin ZIP filter must be 1 to 5 digits')).toBeInTheDocument()
    expect(origin).toHaveAttribute('aria-invalid', 'true')
    expect(origin).toHaveAccessibleDescription('Origin ZIP filter must be 1 to 5 digits')
    // The earlier results do not pass for this filter's.
    expect(screen.queryByRole('list', { name: 'Open loads' })).not.toBeInTheDocument()
    expect(screen.getByText('No loads shown for these filters')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(boardUrls(calls).some((url) => url.includes('origin_zip'))).toBe(false)

    fireEvent.change(origin, { target: { value: '606' } })
    await waitFor(() =>
      expect(boardUrls(calls).at(-1)).toBe('/api/freight-listings?origin_zip=606')
    )
    expect(await screen.findByRole('list', { name: 'Open loads' })).toBeInTheDocument()
    expect(origin).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByText('Origin ZIP filter must be 1 to 5 digits')).not.toBeInTheDocument()
  })

  it('shows the server’s 422 on the filter’s field instead of the loads shown before', async () => {
    await openBoard({
      'GET /api/freight-listings': (request) =>
        request.url.includes('dest_zip=')
          ? {
              status: 422,
              body: {
                message: 'Validation failed',
                errors: [
                  {
                    field: 'dest_zip',
                    message: 'Destination ZIP filter must be 1 to 5 digits',
                    rule: 'regex',
                  },
                ],
              },
            }
          : { body: [makeBoardLoad({ id: 11 })] },
    })
    const destination = screen.getByLabelText('Destination ZIP')
    fireEvent.change(destination, { target: { value: '48201' } })
    expect(
      await screen.findByText('Destination ZIP filter must be 1 to 5 digits')
    ).toBeInTheDocument()
    expect(destination).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('list', { name: 'Open loads' })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByRole('list', { name: 'Open loads' })).toBeInTheDocument()
    expect(destination).toHaveValue('')
    expect(destination).not.toHaveAttribute('aria-invalid')
  })

  it('shows 25 loads, then 25 more on Show more loads, and no button once all are shown', async () => {
    const loads = Array.from({ length: 30 }, (_, i) => makeBoardLoad({ id: 100 + i }))
    const { calls } = await openBoard({
      'GET /api/freight-listings': (request) => {
        const limit = Number(new URL(request.url, 'http://x').searchParams.get('limit') ?? 25)
        return { body: loads.slice(0, limit) }
      },
    })
    const cards = () =>
      within(screen.getByRole('list', { name: 'Open loads' })).getAllByRole('listitem', {
        name: /^Load #/,
      })
    expect(cards()).toHaveLength(25)
    fireEvent.click(screen.getByRole('button', { name: 'Show more loads' }))
    await waitFor(() => expect(boardUrls(calls).at(-1)).toBe('/api/freight-listings?limit=50'))
    await waitFor(() => expect(cards()).toHaveLength(30))
    expect(screen.queryByRole('button', { name: 'Show more loads' })).not.toBeInTheDocument()
  })

  it('suggests widening the filters when nothing matches', async () => {
    renderAs('carrier', '/freight-board', { 'GET /api/freight-listings': { body: [] } })
    expect(await screen.findByText('No open loads match', {}, FIRST_PAINT)).toBeInTheDocument()
    fireEvent.click(screen.getByLabelText('Funded only'))
    expect(await screen.findByText(/Try widening the filters/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(screen.getByLabelText('Funded only')).not.toBeChecked()
  })

  it('shows the error with a retry', async () => {
    let fail = true
    renderAs('carrier', '/freight-board', {
      'GET /api/freight-listings': () =>
        fail
          ? { status: 500, body: { message: 'Board unavailable' } }
          : { body: [makeBoardLoad()] },
    })
    expect(
      await screen.findByText('Could not load the freight board', {}, FIRST_PAINT)
    ).toBeInTheDocument()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Open loads' })).toBeInTheDocument()
  })

  it('holds a load: toasts Hold placed and shows the countdown with Release', async () => {
    let load = makeBoardLoad()
    const { calls } = await openBoard({
      'GET /api/freight-listings': () => ({ body: [load] }),
      'POST /api/freight-listings/11/hold': () => {
        load = {
          ...load,
          held: true,
          held_by_you: true,
          hold_expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        }
        return { body: load }
      },
    })
    fireEvent.click(within(card(11)).getByRole('button', { name: 'Hold (30m) load #11' }))
    expect(await screen.findByText('Hold placed')).toBeInTheDocument()
    expect(screen.getByText('You have 30 minutes to claim this load.')).toBeInTheDocument()
    expect(
      await within(card(11)).findByText(/Held by you · (30:00|29:5\d) left/)
    ).toBeInTheDocument()
    expect(within(card(11)).getByRole('button', { name: 'Release load #11' })).toBeEnabled()
    expect(within(card(11)).getByRole('button', { name: 'Claim Load #11' })).toBeEnabled()
    expect(
      requestsTo(calls, 'POST', '/api/freight-listings/11/hold')[0].headers['x-xsrf-token']
    ).toBe('token=abc')
  })

  it.each([
    [
      { status: 409, body: { message: 'You can hold at most 3 loads at once' } },
      'You can hold at most 3 loads at once',
    ],
    [{ status: 409, raw: '' }, 'Load may already be held'],
  ])('toasts Failed to hold with the server message or the fallback', async (answer, shown) => {
    await openBoard({
      'GET /api/freight-listings': { body: [makeBoardLoad()] },
      'POST /api/freight-listings/11/hold': answer,
    })
    fireEvent.click(within(card(11)).getByRole('button', { name: 'Hold (30m) load #11' }))
    expect(await screen.findByText('Failed to hold')).toBeInTheDocument()
    expect(screen.getByText(shown)).toBeInTheDocument()
  })

  it('disables Hold and Claim on a load another carrier holds', async () => {
    await openBoard({
      'GET /api/freight-listings': {
        body: [
          makeBoardLoad({
            held: true,
            hold_expires_at: new Date(Date.now() + 12 * 60_000 - 1000).toISOString(),
          }),
        ],
      },
    })
    expect(within(card(11)).getByText('Held · 12 min left')).toBeInTheDocument()
    expect(within(card(11)).getByRole('button', { name: 'Hold (30m) load #11' })).toBeDisabled()
    expect(within(card(11)).getByRole('button', { name: 'Claim Load #11' })).toBeDisabled()
  })

  it('reloads when a hold shown on screen runs out, freeing the load', async () => {
    let load = makeBoardLoad({
      held: true,
      hold_expires_at: new Date(Date.now() + 1200).toISOString(),
    })
    const { calls } = await openBoard({ 'GET /api/freight-listings': () => ({ body: [load] }) })
    expect(within(card(11)).getByRole('button', { name: 'Claim Load #11' })).toBeDisabled()
    load = makeBoardLoad()
    await waitFor(
      () => expect(within(card(11)).getByRole('button', { name: 'Claim Load #11' })).toBeEnabled(),
      { timeout: 4000 }
    )
    expect(boardUrls(calls)).toHaveLength(2)
  })

  it('claims a load: toasts with the booking reference and the load leaves the board', async () => {
    let loads: BoardLoad[] = [makeBoardLoad(), makeBoardLoad({ id: 12 })]
    await openBoard({
      'GET /api/freight-listings': () => ({ body: loads }),
      'POST /api/freight-listings/11/claim': () => {
        loads = loads.filter((l) => l.id !== 11)
        return { body: { id: 11, booking_id: 40, reference: 'TRT-040' } }
      },
    })
    fireEvent.click(within(card(11)).getByRole('button', { name: 'Claim Load #11' }))
    expect(
      await screen.findByText('Load claimed successfully! Check your bookings.')
    ).toBeInTheDocument()
    expect(screen.getByText('Booking TRT-040')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: /^Load #11:/ })).not.toBeInTheDocument()
    )
    expect(card(12)).toBeInTheDocument()
  })

  it.each([
    [{ status: 409, body: { message: 'Held by another carrier' } }, 'Held by another carrier'],
    [{ status: 409, raw: '' }, 'Load may have already been claimed'],
  ])('toasts Failed to claim with the server message or the fallback', async (answer, shown) => {
    await openBoard({
      'GET /api/freight-listings': { body: [makeBoardLoad()] },
      'POST /api/freight-listings/11/claim': answer,
    })
    fireEvent.click(within(card(11)).getByRole('button', { name: 'Claim Load #11' }))
    expect(await screen.findByText('Failed to claim')).toBeInTheDocument()
    expect(screen.getByText(shown)).toBeInTheDocument()
  })

  it('releases a hold early', async () => {
    let load = makeBoardLoad({
      held: true,
      held_by_you: true,
      hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    })
    const { calls } = await openBoard({
      'GET /api/freight-listings': () => ({ body: [load] }),
      'DELETE /api/freight-listings/11/hold': () => {
        load = { ...load, held: false, held_by_you: false, hold_expires_at: null }
        return { body: load }
      },
    })
    fireEvent.click(within(card(11)).getByRole('button', { name: 'Release load #11' }))
    expect(await screen.findByText('Hold released')).toBeInTheDocument()
    expect(
      await within(card(11)).findByRole('button', { name: 'Hold (30m) load #11' })
    ).toBeEnabled()
    expect(requestsTo(calls, 'DELETE', '/api/freight-listings/11/hold')).toHaveLength(1)
  })

  it('reloads at once when the live channel says another carrier claimed a load', async () => {
    const live = fakeLiveClient()
    setLiveClientFactory(() => live.client)
    let loads: BoardLoad[] = [makeBoardLoad(), makeBoardLoad({ id: 12 })]
    const { calls } = await openBoard({ 'GET /api/freight-listings': () => ({ body: loads }) })
    // The board's channel; the app also listens on the user's own (decision 0171).
    expect(live.created).toContain('freight/board')
    // Once subscribed it fetches again: a change before the subscription was pushed to nobody.
    await waitFor(() => expect(boardUrls(calls)).toHaveLength(2))
    loads = [makeBoardLoad({ id: 12 })]
    live.push('freight/board', { type: 'claimed', id: 11 })
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: /^Load #11:/ })).not.toBeInTheDocument()
    )
    expect(boardUrls(calls)).toHaveLength(3)
  })

  it('fetches the board again when its live stream reconnects, for what was pushed meanwhile', async () => {
    const live = fakeLiveClient()
    setLiveClientFactory(() => live.client)
    let loads: BoardLoad[] = [makeBoardLoad(), makeBoardLoad({ id: 12 })]
    const { calls } = await openBoard({ 'GET /api/freight-listings': () => ({ body: loads }) })
    await waitFor(() => expect(boardUrls(calls)).toHaveLength(2))
    // Load 11 was claimed while the stream was away: no message, the refetch shows it.
    loads = [makeBoardLoad({ id: 12 })]
    live.reconnect()
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: /^Load #11:/ })).not.toBeInTheDocument()
    )
    expect(boardUrls(calls)).toHaveLength(3)
  })

  it('shows a hold placed between its first fetch and its subscription', async () => {
    const live = fakeLiveClient()
    let open: () => void = () => undefined
    live.client.subscription('freight/board').create = () =>
      new Promise<void>((resolve) => (open = resolve))
    setLiveClientFactory(() => live.client)
    let loads: BoardLoad[] = [makeBoardLoad()]
    const { calls } = await openBoard({ 'GET /api/freight-listings': () => ({ body: loads }) })
    loads = [
      makeBoardLoad({
        held: true,
        held_by_you: false,
        hold_expires_at: new Date(Date.now() + 29 * 60_000).toISOString(),
      }),
    ]
    open()
    const card = screen.getByRole('listitem', { name: /^Load #11:/ })
    expect(await within(card).findByText(/^Held · \d+ min left$/)).toBeInTheDocument()
    expect(boardUrls(calls)).toHaveLength(2)
  })
})

describe('Grab & Go Board on the carrier dashboard', () => {
  it('shows the same board and refreshes the bookings after a claim', async () => {
    let bookingsServed = 0
    const { calls } = renderAs('carrier', '/carrier#freight-board', {
      'GET /api/freight-listings': { body: [makeBoardLoad()] },
      'POST /api/freight-listings/11/claim': {
        body: { id: 11, booking_id: 40, reference: 'TRT-040' },
      },
      'GET /api/carrier/bookings': () => {
        bookingsServed += 1
        return { body: [] }
      },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grab & Go Board' }, FIRST_PAINT)
    ).toBeInTheDocument()
    await screen.findByRole('list', { name: 'Open loads' })
    // Bookings seen once, then back to the board: the cached list must not stay stale.
    const nav = screen.getByRole('navigation', { name: 'Carrier dashboard' })
    fireEvent.click(within(nav).getByRole('link', { name: 'Bookings' }))
    await waitFor(() => expect(bookingsServed).toBe(1))
    fireEvent.click(within(nav).getByRole('link', { name: 'Grab & Go Board' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Claim Load #11' }))
    expect(
      await screen.findByText('Load claimed successfully! Check your bookings.')
    ).toBeInTheDocument()
    await waitFor(() => expect(bookingsServed).toBe(2))
    expect(requestsTo(calls, 'POST', '/api/freight-listings/11/claim')).toHaveLength(1)
  })
})
