import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AuditVerification, Reconciliation } from '@/features/admin/api/get-money-health'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

const FIRST_PAINT = { timeout: 5000 }

const reconciled: Reconciliation = {
  bookings: 12,
  transactions: 30,
  totals: {
    chargedCents: 1_234_567,
    payoutCents: 910_000,
    platformShareCents: 90_000,
    refundedCents: 100_000,
    escrowCents: 134_501,
    payableCents: 66,
    recoveryDeductedCents: 0,
    recoveryAdvancedCents: 0,
    recoveryOutstandingCents: 0,
  },
  problemCount: 0,
  problems: [],
}

const intact: AuditVerification = {
  chains: [
    { chain: 'ledger_entries', ok: true, rows: 1240, brokenRowId: null, reason: null },
    { chain: 'identity_reveal_log', ok: true, rows: 123, brokenRowId: null, reason: null },
  ],
}

/** The admin console with every other panel's API answered, and these two as given. */
function setup(routes: { reconciliation?: MockRoute; audit?: MockRoute } = {}) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' }) },
    'GET /api/admin/users/pending': { body: [] },
    'GET /api/admin/payments/reconciliation': routes.reconciliation ?? { body: reconciled },
    'GET /api/admin/audit/verify': routes.audit ?? { body: intact },
    'POST /api/analytics/events': { status: 204 },
  })
  renderApp('/admin')
  return mock
}

const region = (name: string) => screen.getByRole('region', { name })

describe('admin console: Money & audit', () => {
  it('shows the totals in USD, that the ledger reconciles, and each chain intact', async () => {
    setup()
    const totals = await screen.findByRole('table', { name: 'Reconciliation totals' }, FIRST_PAINT)
    const rows = within(totals)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ])
    expect(rows).toEqual([
      ['Charged', '$12,345.67'],
      ['Paid out', '$9,100.00'],
      ['Platform share', '$900.00'],
      ['Refunded', '$1,000.00'],
      ['Held in escrow', '$1,345.01'],
      ['Owed to carriers', '$0.66'],
      ['Claim recoveries netted from payouts', '$0.00'],
      ['Claim recoveries advanced to shippers', '$0.00'],
      ['Claim recoveries still owed by carriers', '$0.00'],
    ])
    const reconciliation = region('Reconciliation')
    expect(reconciliation).toHaveTextContent(
      '12 bookings checked (cancelled ones included), 30 ledger transactions'
    )
    // The verdict; the audit chains' placeholder, still loading, is a status region too.
    const verdicts = within(reconciliation)
      .getAllByRole('status')
      .filter((status) => !status.hasAttribute('aria-busy'))
    expect(verdicts).toHaveLength(1)
    expect(verdicts[0]).toHaveTextContent('Ledger reconciles to the cent')
    expect(within(reconciliation).queryByRole('alert')).not.toBeInTheDocument()

    const chains = await screen.findByRole('list', { name: 'Audit chains' })
    const badges = within(chains).getAllByRole('listitem')
    expect(badges.map((b) => b.textContent)).toEqual([
      'ledger_entries: 1,240 rows intact',
      'identity_reveal_log: 123 rows intact',
    ])
    expect(within(badges[0]).getByText(/rows intact/)).toHaveClass('bg-emerald-100')
  })

  it('lists the problems by reference and marks a broken chain red', async () => {
    setup({
      reconciliation: {
        body: {
          ...reconciled,
          problemCount: 2,
          problems: [
            {
              bookingId: 7,
              reference: 'TRT-007',
              problem: 'ledger charged $500.00 but payments record $0.00',
            },
            {
              bookingId: null,
              reference: 'booking-7-charge',
              problem: 'transaction sums to 1 cents',
            },
          ],
        },
      },
      audit: {
        body: {
          chains: [
            {
              chain: 'ledger_entries',
              ok: false,
              rows: 6,
              brokenRowId: null,
              reason:
                'the chain head expects 8 rows ending in row 8; rows after row 6 were removed',
            },
            {
              chain: 'identity_reveal_log',
              ok: false,
              rows: 4,
              brokenRowId: 5,
              reason: 'its content does not match its hash (the row was edited)',
            },
          ],
        },
      },
    })
    const problems = await screen.findByRole(
      'list',
      { name: 'Reconciliation problems' },
      FIRST_PAINT
    )
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual([
      'TRT-007: ledger charged $500.00 but payments record $0.00',
      'booking-7-charge: transaction sums to 1 cents',
    ])
    const reconciliation = region('Reconciliation')
    expect(within(reconciliation).getByRole('alert')).toHaveTextContent('2 reconciliation problems')
    expect(reconciliation).not.toHaveTextContent('Ledger reconciles to the cent')

    const chains = await screen.findByRole('list', { name: 'Audit chains' })
    const badges = within(chains).getAllByRole('listitem')
    expect(badges.map((b) => b.textContent)).toEqual([
      'ledger_entries: broken at its end: the chain head expects 8 rows ending in row 8; rows after row 6 were removed',
      'identity_reveal_log: broken at row 5: its content does not match its hash (the row was edited)',
    ])
    expect(within(badges[1]).getByText(/broken at row 5/)).toHaveClass('bg-red-100')
  })

  it('shows skeletons while loading', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    setup({
      reconciliation: async () => {
        await gate
        return { body: reconciled }
      },
      audit: async () => {
        await gate
        return { body: intact }
      },
    })
    expect(await screen.findByLabelText('Loading reconciliation', {}, FIRST_PAINT)).toHaveAttribute(
      'aria-busy',
      'true'
    )
    expect(screen.getByLabelText('Loading audit chains')).toBeInTheDocument()
    release()
    expect(await screen.findByRole('table', { name: 'Reconciliation totals' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Loading audit chains')).not.toBeInTheDocument()
  })

  it('shows each failure with a retry that loads again', async () => {
    let reconcileCalls = 0
    let auditCalls = 0
    const { calls } = setup({
      reconciliation: () =>
        ++reconcileCalls === 1
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { body: reconciled },
      audit: () =>
        ++auditCalls === 1
          ? { status: 403, body: { message: 'You do not have access to this resource' } }
          : { body: intact },
    })
    const failed = await screen.findByText('Could not load the reconciliation', {}, FIRST_PAINT)
    expect(failed.closest('[role="alert"]')).toHaveTextContent(
      'The server could not answer. Try again; if it keeps failing, tell support.'
    )
    const audit = region('Audit chains status')
    await waitFor(() =>
      expect(within(audit).getByRole('alert')).toHaveTextContent('Your account cannot see this.')
    )

    fireEvent.click(within(region('Reconciliation')).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: 'Reconciliation totals' })).toBeInTheDocument()
    expect(requestsTo(calls, 'GET', '/api/admin/payments/reconciliation')).toHaveLength(2)

    fireEvent.click(within(audit).getByRole('button', { name: 'Try again' }))
    expect(await within(audit).findByRole('list', { name: 'Audit chains' })).toBeInTheDocument()
    expect(requestsTo(calls, 'GET', '/api/admin/audit/verify')).toHaveLength(2)
  })
})
