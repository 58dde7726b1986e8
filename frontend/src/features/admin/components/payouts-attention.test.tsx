import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Reconciliation } from '@/features/admin/api/get-money-health'
import type { CarrierPayoutHold, PayoutAttention } from '@/features/admin/api/payouts-attention'
import { formatDateTime } from '@/lib/format'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

const FIRST_PAINT = { timeout: 5000 }
const LIST = '/api/admin/payouts/attention'

const HOLD = 'Carrier payout account onboarding is not complete'
const REFUSED =
  'Your destination account needs to have at least one of the following capabilities enabled: transfers'

const failed: PayoutAttention = {
  bookingId: 7,
  reference: 'TRT-007',
  carrierCompany: 'Motor City Haulers LLC',
  payoutAmount: 1137.5,
  payoutStatus: 'failed',
  reason: REFUSED,
  attempts: 3,
  nextAttemptAt: '2026-06-03T16:00:00.000Z',
  releasedAt: '2026-06-03T15:00:00.000Z',
  held: false,
}

const held: PayoutAttention = {
  bookingId: 5,
  reference: 'TRT-005',
  carrierCompany: 'Lakeshore Freight Inc',
  payoutAmount: 455,
  payoutStatus: 'released',
  reason: HOLD,
  attempts: 0,
  nextAttemptAt: null,
  releasedAt: '2026-06-02T15:00:00.000Z',
  held: true,
}

const reconciled: Reconciliation = {
  bookings: 2,
  transactions: 4,
  totals: {
    chargedCents: 175_000,
    payoutCents: 0,
    platformShareCents: 0,
    refundedCents: 0,
    escrowCents: 0,
    payableCents: 159_250,
    recoveryDeductedCents: 0,
    recoveryAdvancedCents: 0,
    recoveryOutstandingCents: 0,
  },
  problemCount: 0,
  problems: [],
}

/** The admin console with every other panel's API answered, and this card's as given. */
function setup(routes: { list?: MockRoute; retry?: MockRoute; expeditedRetry?: MockRoute } = {}) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' }) },
    'GET /api/admin/users/pending': { body: [] },
    'GET /api/admin/payments/reconciliation': { body: reconciled },
    'GET /api/admin/audit/verify': { body: { chains: [] } },
    [`GET ${LIST}`]: routes.list ?? { body: { payouts: [failed, held], carrierHolds: [] } },
    'POST /api/admin/payouts/7/retry': routes.retry ?? { status: 500, body: {} },
    'POST /api/admin/expedited-payouts/7/retry': routes.expeditedRetry ?? { status: 500, body: {} },
    'POST /api/analytics/events': { status: 204 },
  })
  renderApp('/admin')
  return mock
}

const card = () => screen.getByRole('table', { name: 'Payouts needing attention' })
const row = (reference: string) => within(card()).getByRole('row', { name: `Payout ${reference}` })

describe('admin console: Payouts needing attention', () => {
  it("lists a delivered expedited job's failed payout by its EXP reference and retries it by the job", async () => {
    const { bookingId: _booking, ...rest } = failed
    const expeditedFailed = {
      ...rest,
      expeditedJobId: 7,
      reference: 'EXP-007',
      payoutAmount: 383.61,
    }
    const { calls } = setup({
      list: {
        body: { payouts: [failed], expeditedPayouts: [expeditedFailed], carrierHolds: [] },
      },
      expeditedRetry: {
        body: {
          outcome: 'paid',
          payout: { ...expeditedFailed, payoutStatus: 'paid', reason: null },
        },
      },
    })
    await screen.findByRole('table', { name: 'Payouts needing attention' }, FIRST_PAINT)
    const expedited = row('EXP-007')
    expect(expedited).toHaveTextContent('$383.61')
    expect(within(expedited).getByText('Failed')).toBeInTheDocument()
    fireEvent.click(within(expedited).getByRole('button', { name: 'Retry now for EXP-007' }))
    expect((await screen.findAllByText('Payout sent')).length).toBeGreaterThan(0)
    expect(requestsTo(calls, 'POST', '/api/admin/expedited-payouts/7/retry')).toHaveLength(1)
    // The booking of the same id is not retried.
    expect(requestsTo(calls, 'POST', '/api/admin/payouts/7/retry')).toHaveLength(0)
  })

  it('lists failed and held payouts with amount, status, reason, attempts and next retry', async () => {
    setup()
    await screen.findByRole('table', { name: 'Payouts needing attention' }, FIRST_PAINT)

    const failedRow = row('TRT-007')
    const cells = within(failedRow)
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells.slice(0, 6)).toEqual([
      'TRT-007',
      'Motor City Haulers LLC',
      '$1,137.50',
      'Failed',
      REFUSED,
      '3',
    ])
    expect(cells[6]).toBe(
      new Date(failed.nextAttemptAt!).toLocaleString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    )
    expect(within(failedRow).getByText('Failed')).toHaveClass('bg-red-100')
    expect(within(failedRow).getByRole('button', { name: 'Retry now for TRT-007' })).toBeEnabled()

    const heldRow = row('TRT-005')
    expect(
      within(heldRow)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    ).toEqual([
      'TRT-005',
      'Lakeshore Freight Inc',
      '$455.00',
      'Held',
      HOLD,
      '0',
      'When onboarding completes',
      '',
    ])
    expect(within(heldRow).getByText('Held')).toHaveClass('bg-amber-100')
    expect(within(heldRow).queryByRole('button')).not.toBeInTheDocument()
  })

  it('a failed payout whose automatic attempts ran out waits for an operator', async () => {
    setup({
      list: {
        body: { payouts: [{ ...failed, attempts: 8, nextAttemptAt: null }], carrierHolds: [] },
      },
    })
    await screen.findByRole('table', { name: 'Payouts needing attention' }, FIRST_PAINT)
    expect(row('TRT-007')).toHaveTextContent('Waiting for an operator')
  })

  it('Retry now: disabled while running, toasts Payout sent, revalidates the list and the reconciliation', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let listed = 0
    const { calls } = setup({
      list: () => ({
        body: { payouts: ++listed === 1 ? [failed, held] : [held], carrierHolds: [] },
      }),
      retry: async () => {
        await gate
        return {
          body: {
            outcome: 'paid',
            payout: { ...failed, payoutStatus: 'paid', reason: null, nextAttemptAt: null },
          },
        }
      },
    })
    await screen.findByRole('table', { name: 'Payouts needing attention' }, FIRST_PAINT)
    const reconcileBefore = requestsTo(calls, 'GET', '/api/admin/payments/reconciliation').length

    const button = within(row('TRT-007')).getByRole('button', { name: 'Retry now for TRT-007' })
    fireEvent.click(button)
    await waitFor(() => expect(button).toBeDisabled())
    expect(button).toHaveTextContent('Retrying…')
    release()

    expect((await screen.findAllByText('Payout sent')).length).toBeGreaterThan(0)
    await waitFor(() =>
      expect(within(card()).queryByRole('row', { name: 'Payout TRT-007' })).toBeNull()
    )
    const [post] = requestsTo(calls, 'POST', '/api/admin/payouts/7/retry')
    expect(post.headers['x-xsrf-token']).toBe('token=abc')
    expect(requestsTo(calls, 'POST', '/api/admin/payouts/7/retry')).toHaveLength(1)
    expect(requestsTo(calls, 'GET', LIST)).toHaveLength(2)
    await waitFor(() =>
      expect(requestsTo(calls, 'GET', '/api/admin/payments/reconciliation').length).toBe(
        reconcileBefore + 1
      )
    )
  })

  it('a retry that fails again toasts the provider message; a refused retry toasts the server message', async () => {
    let retries = 0
    setup({
      retry: () =>
        ++retries === 1
          ? { body: { outcome: 'failed', payout: { ...failed, attempts: 1 } } }
          : { status: 409, body: { message: 'This payout has not failed' } },
    })
    await screen.findByRole('table', { name: 'Payouts needing attention' }, FIRST_PAINT)

    fireEvent.click(within(row('TRT-007')).getByRole('button', { name: 'Retry now for TRT-007' }))
    expect((await screen.findAllByText('Payout failed again')).length).toBeGreaterThan(0)
    expect(screen.getAllByText(REFUSED).length).toBeGreaterThan(1)

    const button = within(row('TRT-007')).getByRole('button', { name: 'Retry now for TRT-007' })
    await waitFor(() => expect(button).toBeEnabled())
    fireEvent.click(button)
    expect((await screen.findAllByText('Retry failed')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('409: This payout has not failed').length).toBeGreaterThan(0)
    await waitFor(() => expect(button).toBeEnabled())
  })

  it('shows the empty state when nothing needs attention', async () => {
    setup({ list: { body: { payouts: [], carrierHolds: [] } } })
    expect(
      await screen.findByText('No payouts need attention', {}, FIRST_PAINT)
    ).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Payouts needing attention' })).toBeNull()
    expect(screen.getByText("No carrier's payouts are on hold")).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Carriers with payouts on hold' })).toBeNull()
  })

  it('shows a skeleton while loading', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    setup({
      list: async () => {
        await gate
        return { body: { payouts: [failed], carrierHolds: [] } }
      },
    })
    expect(
      await screen.findByLabelText('Loading payouts needing attention', {}, FIRST_PAINT)
    ).toHaveAttribute('aria-busy', 'true')
    release()
    expect(
      await screen.findByRole('table', { name: 'Payouts needing attention' })
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Loading payouts needing attention')).toBeNull()
  })

  it('shows a load failure with a retry that loads again', async () => {
    let listed = 0
    const { calls } = setup({
      list: () =>
        ++listed === 1
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { body: { payouts: [held], carrierHolds: [] } },
    })
    const title = await screen.findByText(
      'Could not load payouts needing attention',
      {},
      FIRST_PAINT
    )
    const alert = title.closest('[role="alert"]') as HTMLElement
    expect(alert).toHaveTextContent('The server could not answer')
    expect(alert).not.toHaveTextContent('500')
    fireEvent.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('table', { name: 'Payouts needing attention' })
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'GET', LIST)).toHaveLength(2)
  })

  describe('carriers with payouts on hold', () => {
    const hold = (overrides: Partial<CarrierPayoutHold>): CarrierPayoutHold => ({
      carrierId: 12,
      carrierCompany: 'Motor City Haulers LLC',
      kind: 'payout_account',
      reason: 'Payout account replaced: payouts held for 72 hours',
      noticeSentTo: 'dispatch@motorcity.example',
      startsAt: '2026-06-01T15:00:00.000Z',
      endsAt: '2026-06-04T15:00:00.000Z',
      ...overrides,
    })

    it('lists each held carrier with reason, notice and until when, beside the payouts', async () => {
      const email = hold({
        carrierId: 14,
        carrierCompany: null,
        kind: 'email',
        reason: 'Email changed: payouts held for 72 hours',
        noticeSentTo: null,
        endsAt: '2026-06-04T18:30:00.000Z',
      })
      setup({ list: { body: { payouts: [held], carrierHolds: [email, hold({})] } } })
      const table = await screen.findByRole(
        'table',
        { name: 'Carriers with payouts on hold' },
        FIRST_PAINT
      )
      const rows = within(table).getAllByRole('row').slice(1)
      expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
        'Hold on Carrier #14',
        'Hold on Motor City Haulers LLC',
      ])
      expect(rows[0]).toHaveTextContent('Email changed: payouts held for 72 hours')
      expect(rows[0]).toHaveTextContent(formatDateTime('2026-06-04T18:30:00.000Z'))
      expect(rows[0]).toHaveTextContent('—')
      expect(rows[1]).toHaveTextContent('Payout account replaced: payouts held for 72 hours')
      expect(rows[1]).toHaveTextContent('dispatch@motorcity.example')
      expect(rows[1]).toHaveTextContent(formatDateTime('2026-06-01T15:00:00.000Z'))
      expect(rows[1]).toHaveTextContent(formatDateTime('2026-06-04T15:00:00.000Z'))
      expect(row('TRT-005')).toBeInTheDocument()
      expect(screen.queryByText("No carrier's payouts are on hold")).toBeNull()
    })

    it('shows the held carriers even with no payout due', async () => {
      setup({ list: { body: { payouts: [], carrierHolds: [hold({})] } } })
      expect(
        await screen.findByRole('row', { name: 'Hold on Motor City Haulers LLC' }, FIRST_PAINT)
      ).toBeInTheDocument()
      expect(screen.getByText('No payouts need attention')).toBeInTheDocument()
    })

    it('is not shown while loading or when the list failed', async () => {
      setup({ list: { status: 500, body: { message: 'Something went wrong' } } })
      expect(
        await screen.findByText('Could not load payouts needing attention', {}, FIRST_PAINT)
      ).toBeInTheDocument()
      expect(screen.queryByText('Carriers with payouts on hold')).toBeNull()
    })
  })
})
