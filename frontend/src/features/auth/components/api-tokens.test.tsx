import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import type { ApiToken } from '@/features/auth/api/api-tokens'

const existing: ApiToken = {
  id: 7,
  userId: 1,
  name: 'Nightly export',
  lastUsedAt: null,
  expiresAt: '2020-01-01T00:00:00.000Z',
  createdAt: '2019-10-03T12:00:00.000Z',
  abilities: ['tms:read', 'tms:write'],
}

function setup(routes: Record<string, MockRoute> = {}, user = makeUser({ role: 'shipper' })) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: user },
    'POST /api/analytics/events': { status: 204 },
    'GET /api/account/tokens': { body: [existing] },
    // The settings page's other panels, loaded and quiet.
    'GET /api/notification-preferences': { body: { preferences: [] } },
    'GET /api/notifications': {
      body: { data: [], meta: { total: 0, perPage: 20, currentPage: 1, lastPage: 1 }, unread: 0 },
    },
    ...routes,
  })
  renderApp('/settings')
  return mock
}

const tokenList = () => screen.findByRole('list', { name: 'Your API tokens' }, { timeout: 5000 })

describe('settings: API tokens', () => {
  it('lists the tokens with their dates and marks an expired one', async () => {
    setup()
    const item = within(await tokenList()).getByRole('listitem')
    expect(item).toHaveTextContent('Nightly export')
    expect(item).toHaveTextContent('Expired')
    expect(item).toHaveTextContent('Last used Never')
    expect(item).toHaveTextContent('tms:read, tms:write')
  })

  it('picks abilities: both by default, at least one, read only sent as chosen', async () => {
    const { calls } = setup({
      'POST /api/account/tokens': {
        status: 201,
        body: {
          id: 9,
          userId: 1,
          name: 'Reader',
          lastUsedAt: null,
          expiresAt: '2099-02-21T12:00:00.000Z',
          createdAt: '2098-11-23T12:00:00.000Z',
          abilities: ['tms:read'],
          token: 'plt_cmVhZA',
        },
      },
    })
    await tokenList()
    const form = screen.getByRole('form', { name: 'Create API token' })
    const read = within(form).getByRole('checkbox', { name: /tms:read/ })
    const write = within(form).getByRole('checkbox', { name: /tms:write/ })
    expect(read).toBeChecked()
    expect(write).toBeChecked()
    fireEvent.change(within(form).getByLabelText('Token name'), { target: { value: 'Reader' } })
    fireEvent.click(read)
    fireEvent.click(write)
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(await within(form).findByText('Choose at least one ability')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/account/tokens')).toHaveLength(0)
    fireEvent.click(read)
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }))
    await screen.findByRole('region', { name: 'New API token' })
    expect(requestsTo(calls, 'POST', '/api/account/tokens')[0].body).toMatchObject({
      name: 'Reader',
      abilities: ['tms:read'],
    })
    const items = within(await tokenList()).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('tms:read · Created')
  })

  it('creates a token, shows its secret once and adds it to the list', async () => {
    const { calls } = setup({
      'POST /api/account/tokens': {
        status: 201,
        body: {
          id: 8,
          userId: 1,
          name: 'TMS integration',
          lastUsedAt: null,
          expiresAt: '2099-02-21T12:00:00.000Z',
          createdAt: '2098-11-23T12:00:00.000Z',
          abilities: ['tms:read', 'tms:write'],
          token: 'plt_OC5zZWNyZXQ',
        },
      },
    })
    await tokenList()
    const form = screen.getByRole('form', { name: 'Create API token' })
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(await within(form).findByText('Token name is required')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/account/tokens')).toHaveLength(0)

    fireEvent.change(within(form).getByLabelText('Token name'), {
      target: { value: ' TMS integration ' },
    })
    fireEvent.change(within(form).getByLabelText('Expires in'), { target: { value: '30' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }))
    const secret = await screen.findByRole('region', { name: 'New API token' })
    expect(secret).toHaveTextContent('plt_OC5zZWNyZXQ')
    expect(secret).toHaveTextContent('It will not be shown again.')
    expect(requestsTo(calls, 'POST', '/api/account/tokens')[0].body).toEqual({
      name: 'TMS integration',
      expiresInDays: 30,
      abilities: ['tms:read', 'tms:write'],
    })
    const items = within(await tokenList()).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('TMS integration'),
      expect.stringContaining('Nightly export'),
    ])
    expect(items[0]).not.toHaveTextContent('plt_')
    fireEvent.click(within(secret).getByRole('button', { name: 'Done' }))
    expect(screen.queryByText('plt_OC5zZWNyZXQ')).not.toBeInTheDocument()
  })

  it('copies the new secret to the clipboard', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    try {
      setup({
        'POST /api/account/tokens': {
          status: 201,
          body: { ...existing, id: 9, name: 'Script', expiresAt: null, token: 'plt_c2NyaXB0' },
        },
      })
      await tokenList()
      const form = screen.getByRole('form', { name: 'Create API token' })
      fireEvent.change(within(form).getByLabelText('Token name'), { target: { value: 'Script' } })
      fireEvent.click(within(form).getByRole('button', { name: 'Create token' }))
      const secret = await screen.findByRole('region', { name: 'New API token' })
      fireEvent.click(within(secret).getByRole('button', { name: 'Copy token' }))
      expect(await within(secret).findByRole('button', { name: 'Copied' })).toBeInTheDocument()
      expect(writeText).toHaveBeenCalledWith('plt_c2NyaXB0')
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard')
    }
  })

  it('shows the empty state, and a failed load with a retry', async () => {
    let fail = true
    setup({
      'GET /api/account/tokens': () =>
        fail ? { status: 500, body: { message: 'Server error' } } : { body: [] },
    })
    expect(
      await screen.findByText('Could not load your API tokens', {}, { timeout: 5000 })
    ).toBeInTheDocument()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument()
  })

  it('explains a refusal for an account not approved yet instead of the form', async () => {
    setup({
      'GET /api/account/tokens': { status: 403, body: { message: 'Account pending approval' } },
    })
    expect(
      await screen.findByText('API tokens are not available yet', {}, { timeout: 5000 })
    ).toBeInTheDocument()
    expect(
      screen.getByText(/You can create API tokens once an admin has approved it/)
    ).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Create API token' })).not.toBeInTheDocument()
    expect(screen.queryByText('Could not load your API tokens')).not.toBeInTheDocument()
  })

  it('shows the limit the server sets under the name', async () => {
    setup({
      'POST /api/account/tokens': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            {
              field: 'name',
              message: 'You can have at most 10 API tokens: revoke one first',
              rule: 'maxTokens',
            },
          ],
        },
      },
    })
    await tokenList()
    const form = screen.getByRole('form', { name: 'Create API token' })
    fireEvent.change(within(form).getByLabelText('Token name'), { target: { value: 'one more' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(
      await within(form).findByText('You can have at most 10 API tokens: revoke one first')
    ).toBeInTheDocument()
  })

  it('revokes a token only after confirming', async () => {
    const { calls } = setup({ 'DELETE /api/account/tokens/7': { status: 204 } })
    const list = await tokenList()
    fireEvent.click(within(list).getByRole('button', { name: 'Revoke Nightly export' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep token' }))
    expect(requestsTo(calls, 'DELETE', '/api/account/tokens/7')).toHaveLength(0)

    fireEvent.click(within(list).getByRole('button', { name: 'Revoke Nightly export' }))
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke token' })
    )
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument()
    expect(requestsTo(calls, 'DELETE', '/api/account/tokens/7')).toHaveLength(1)
  })

  it('a carrier awaiting approval is sent to the pending page, not to Settings', async () => {
    setup({}, makeUser({ role: 'carrier', isApproved: false, approvalStatus: 'pending' }))
    expect(
      await screen.findByText('Account Pending Approval', {}, { timeout: 5000 })
    ).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Create API token' })).not.toBeInTheDocument()
  })
})
