import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type {
  FreightAudit,
  FreightInvite,
  FreightInviteCandidate,
  FreightInviteInput,
} from '@/features/freight-board/api/types'
import {
  FIRST_PAINT,
  makeAudit,
  makeShipperLoad,
  renderAs,
} from '@/features/freight-board/testing/fixtures'
import type { MockRoute } from '@/testing/mock-fetch'
import { requestsTo } from '@/testing/mock-fetch'
import { formatDateTime } from '@/lib/format'

const CANDIDATES: FreightInviteCandidate[] = [
  { candidateId: 'pc_AAAAAAAAAAAAAAAAAAAAAA', companyName: 'Lakeshore Haulers' },
  { candidateId: 'pc_BBBBBBBBBBBBBBBBBBBBBB', companyName: 'Motor City Freight' },
]
const CANDIDATES_PATH = '/api/shipper/freight-listings/31/invite-candidates'
const INVITES_PATH = '/api/freight-listings/31/invites'
const AUDITS_PATH = '/api/freight-listings/31/audits'

async function openDialog(routes: Record<string, MockRoute>) {
  const rendered = renderAs('shipper', '/post-load', {
    'GET /api/shipper/freight-listings': { body: [makeShipperLoad()] },
    [`GET ${AUDITS_PATH}`]: { body: [makeAudit()] },
    ...routes,
  })
  fireEvent.click(
    await screen.findByRole('button', { name: 'Invite a carrier to listing #31' }, FIRST_PAINT)
  )
  const dialog = await screen.findByRole('dialog', { name: 'Invite a carrier to listing #31' })
  return { ...rendered, dialog }
}

describe('Invite a carrier', () => {
  it('is offered on open loads only', async () => {
    renderAs('shipper', '/post-load', {
      'GET /api/shipper/freight-listings': {
        body: [
          makeShipperLoad({ id: 31 }),
          makeShipperLoad({ id: 32, status: 'CLAIMED' }),
          makeShipperLoad({ id: 33, status: 'CANCELLED' }),
        ],
      },
    })
    expect(
      await screen.findByRole('button', { name: 'Invite a carrier to listing #31' }, FIRST_PAINT)
    ).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /^Invite a carrier/ })).toHaveLength(1)
  })

  it('lists the carriers the shipper has shipped with by company name', async () => {
    const { dialog } = await openDialog({ [`GET ${CANDIDATES_PATH}`]: { body: CANDIDATES } })
    const select = await within(dialog).findByLabelText('Carrier')
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Choose a carrier',
      'Lakeshore Haulers',
      'Motor City Freight',
    ])
    expect(within(dialog).getByRole('button', { name: 'Send invite' })).toBeDisabled()
  })

  it('shows that the carriers are loading', async () => {
    const { dialog } = await openDialog({
      [`GET ${CANDIDATES_PATH}`]: () => new Promise(() => undefined),
    })
    expect(within(dialog).getByLabelText('Loading carriers you can invite')).toHaveAttribute(
      'aria-busy',
      'true'
    )
  })

  it('explains that only carriers with a paid booking can be invited when there are none', async () => {
    const { dialog } = await openDialog({ [`GET ${CANDIDATES_PATH}`]: { body: [] } })
    expect(await within(dialog).findByText('No carriers to invite yet')).toBeInTheDocument()
    expect(
      within(dialog).getByText(/Only carriers you have paid a booking with can be invited/)
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Send invite' })).not.toBeInTheDocument()
  })

  it('shows a load error with a retry that asks again', async () => {
    let fail = true
    const { dialog, calls } = await openDialog({
      [`GET ${CANDIDATES_PATH}`]: () =>
        fail ? { status: 500, body: { message: 'Database is down' } } : { body: CANDIDATES },
    })
    expect(
      await within(dialog).findByText('Could not load the carriers you can invite')
    ).toBeInTheDocument()
    expect(within(dialog).getByText('Database is down')).toBeInTheDocument()
    fail = false
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByLabelText('Carrier')).toBeInTheDocument()
    expect(requestsTo(calls, 'GET', CANDIDATES_PATH)).toHaveLength(2)
  })

  it('sends the invite, toasts its expiry and reloads the history and the list', async () => {
    const invite: FreightInvite = { id: 5, expires_at: '2025-03-05T12:00:00.000Z' }
    let audits: FreightAudit[] = [makeAudit()]
    const { calls } = renderAs('shipper', '/post-load', {
      'GET /api/shipper/freight-listings': { body: [makeShipperLoad()] },
      [`GET ${AUDITS_PATH}`]: () => ({ body: audits }),
      [`GET ${CANDIDATES_PATH}`]: { body: CANDIDATES },
      [`POST ${INVITES_PATH}`]: () => {
        audits = [...audits, makeAudit({ id: 2, action: 'invited' })]
        return { status: 201, body: invite }
      },
    })
    fireEvent.click(
      await screen.findByRole('button', { name: 'History of listing #31' }, FIRST_PAINT)
    )
    await screen.findByRole('list', { name: 'History of listing #31' })
    const listLoads = requestsTo(calls, 'GET', '/api/shipper/freight-listings').length
    fireEvent.click(screen.getByRole('button', { name: 'Invite a carrier to listing #31' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(await within(dialog).findByLabelText('Carrier'), {
      target: { value: 'pc_BBBBBBBBBBBBBBBBBBBBBB' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }))

    expect(await screen.findByText('Invite sent')).toBeInTheDocument()
    expect(
      screen.getByText(`They have exclusive access until ${formatDateTime(invite.expires_at)}.`)
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [sent] = requestsTo(calls, 'POST', INVITES_PATH)
    expect(sent.body).toEqual({
      candidateId: 'pc_BBBBBBBBBBBBBBBBBBBBBB',
    } satisfies FreightInviteInput)
    expect(sent.headers['x-xsrf-token']).toBe('token=abc')
    const history = screen.getByRole('list', { name: 'History of listing #31' })
    expect(await within(history).findByText('Carrier invited')).toBeInTheDocument()
    expect(requestsTo(calls, 'GET', '/api/shipper/freight-listings').length).toBeGreaterThan(
      listLoads
    )
  })

  it('shows a 422 on the carrier select and toasts Invite failed with the server message', async () => {
    const { dialog } = await openDialog({
      [`GET ${CANDIDATES_PATH}`]: { body: CANDIDATES },
      [`POST ${INVITES_PATH}`]: {
        status: 422,
        body: {
          message: 'You can only invite a carrier you have shipped with',
          errors: [
            {
              field: 'candidateId',
              message: 'You can only invite a carrier you have shipped with',
              rule: 'shipped_with',
            },
          ],
        },
      },
    })
    const select = await within(dialog).findByLabelText('Carrier')
    fireEvent.change(select, { target: { value: 'pc_AAAAAAAAAAAAAAAAAAAAAA' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }))
    expect(
      await within(dialog).findByText('You can only invite a carrier you have shipped with')
    ).toBeInTheDocument()
    expect(select).toHaveAttribute('aria-invalid', 'true')
    expect(select).toHaveAccessibleDescription(
      'You can only invite a carrier you have shipped with'
    )
    // The toast, once the Toaster's code has come with it (decision 0219).
    expect(await screen.findByText('Invite failed')).toBeInTheDocument()
    // the field error in the dialog, and the server message in the toast
    expect(screen.getAllByText('You can only invite a carrier you have shipped with')).toHaveLength(
      2
    )
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('toasts the server message when the load is no longer open', async () => {
    const { dialog } = await openDialog({
      [`GET ${CANDIDATES_PATH}`]: { body: CANDIDATES },
      [`POST ${INVITES_PATH}`]: {
        status: 409,
        body: { message: 'Only an open load can be shared' },
      },
    })
    fireEvent.change(await within(dialog).findByLabelText('Carrier'), {
      target: { value: 'pc_AAAAAAAAAAAAAAAAAAAAAA' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }))
    expect(await screen.findByText('Invite failed')).toBeInTheDocument()
    expect(screen.getByText('Only an open load can be shared')).toBeInTheDocument()
  })
})
