import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import type { BoardLoad, FreightInviteAccepted } from '@/features/freight-board/api/types'
import { FIRST_PAINT, makeBoardLoad, renderAs } from '@/features/freight-board/testing/fixtures'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

const ACCEPT_PATH = '/api/freight-listings/invites/tok-123/accept'
const INVITE_URL = '/freight-board?invite=tok-123'

function boardRoutes(accept: MockRoute): Record<string, MockRoute> {
  let loads: BoardLoad[] = [makeBoardLoad({ id: 11 })]
  return {
    'GET /api/freight-listings': () => ({ body: loads }),
    [`POST ${ACCEPT_PATH}`]: async (req) => {
      const res = typeof accept === 'function' ? await accept(req) : accept
      if ((res.status ?? 200) === 200) loads = [makeBoardLoad({ id: 11, invited: true })]
      return res
    },
  }
}

const accepted: FreightInviteAccepted = { id: 11 }

describe('invite link on /freight-board', () => {
  it('uses the invite, says the load is reserved, cleans the URL in place and reloads the board', async () => {
    const { calls, router } = renderAs('carrier', INVITE_URL, boardRoutes({ body: accepted }))
    expect(await screen.findByText('Invite accepted', {}, FIRST_PAINT)).toBeInTheDocument()
    expect(
      screen.getByText(
        /Load #11 is reserved for you: no other carrier sees it during the invite's 2-hour exclusive window/
      )
    ).toBeInTheDocument()
    const [post] = requestsTo(calls, 'POST', ACCEPT_PATH)
    expect(post.headers['x-xsrf-token']).toBe('token=abc')
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(router.state.location.pathname).toBe('/freight-board')
    expect(router.state.historyAction).toBe('REPLACE')
    const card = await screen.findByRole('listitem', { name: /^Load #11:/ })
    expect(await within(card).findByText('Invited')).toBeInTheDocument()
    expect(requestsTo(calls, 'GET', '/api/freight-listings').length).toBeGreaterThan(1)
    // The opening notice goes with the board's next render (later on a busy machine).
    await waitFor(() =>
      expect(screen.queryByText('Opening your invite...')).not.toBeInTheDocument()
    )
  })

  it('says the invite could not be used, with the server message, and cleans the URL', async () => {
    const { router } = renderAs(
      'carrier',
      INVITE_URL,
      boardRoutes({
        status: 409,
        body: { message: 'This invite has expired or was already used' },
      })
    )
    expect(await screen.findByText('Invite could not be used', {}, FIRST_PAINT)).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This invite has expired or was already used'
    )
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.queryByText('Invite accepted')).not.toBeInTheDocument()
  })

  it('says the invite may be another carrier’s when the server does not find it', async () => {
    renderAs(
      'carrier',
      INVITE_URL,
      boardRoutes({ status: 404, body: { message: 'Invite not found' } })
    )
    expect(await screen.findByText('Invite could not be used', {}, FIRST_PAINT)).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invite not found. It may have been sent to another carrier account, or the link may be incomplete.'
    )
  })

  it('shows that the invite is being opened until the answer comes', async () => {
    renderAs(
      'carrier',
      INVITE_URL,
      boardRoutes(() => new Promise(() => undefined))
    )
    expect(await screen.findByText('Opening your invite...', {}, FIRST_PAINT)).toBeInTheDocument()
  })

  it('does not pull back a carrier who left the board before the answer came', async () => {
    let answer: (res: { body: FreightInviteAccepted }) => void = () => undefined
    const { calls, router } = renderAs(
      'carrier',
      INVITE_URL,
      boardRoutes(() => new Promise((resolve) => (answer = resolve)))
    )
    await screen.findByText('Opening your invite...', {}, FIRST_PAINT)
    await waitFor(() => expect(requestsTo(calls, 'POST', ACCEPT_PATH)).toHaveLength(1))
    await act(() => router.navigate('/about'))
    const away = router.state.location
    await act(async () => {
      answer({ body: accepted })
      await new Promise((settled) => setTimeout(settled, 50))
    })
    expect(router.state.location).toBe(away)
  })

  it('uses the invite once under StrictMode', async () => {
    setXsrfCookie()
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser({ id: 3, role: 'carrier', firstName: 'Cora' }) },
      'POST /api/analytics/events': { status: 204 },
      ...boardRoutes({ body: accepted }),
    })
    const { router } = renderApp(INVITE_URL, { strictMode: true })
    expect(await screen.findByText('Invite accepted', {}, FIRST_PAINT)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(''))
    await screen.findByRole('list', { name: 'Open loads' })
    expect(requestsTo(calls, 'POST', ACCEPT_PATH)).toHaveLength(1)
  })

  it('leaves the board alone without an invite in the URL', async () => {
    const { calls } = renderAs('carrier', '/freight-board', boardRoutes({ body: accepted }))
    await screen.findByRole('list', { name: 'Open loads' }, FIRST_PAINT)
    expect(requestsTo(calls, 'POST', ACCEPT_PATH)).toHaveLength(0)
    expect(screen.queryByText('Invite accepted')).not.toBeInTheDocument()
  })
})
