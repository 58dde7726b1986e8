import { describe, expect, it } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import { SWRConfig } from 'swr'
import { mockFetch } from '@/testing/mock-fetch'
import { PayoutHoldNotice } from '@/features/carrier/components/payout-hold-notice'

const renderNotice = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PayoutHoldNotice />
    </SWRConfig>
  )

describe('payout history: the payout hold', () => {
  it('says why payouts wait, until when, and where the notice went', async () => {
    mockFetch({
      'GET /api/carrier/payout-hold': {
        body: {
          hold: {
            kind: 'payout_account',
            reason: 'Payout account changed: payouts held for 72 hours',
            noticeSentTo: 'dispatch@haulers.test',
            startsAt: '2026-06-01T15:30:00.000Z',
            endsAt: '2026-06-04T15:30:00.000Z',
          },
        },
      },
    })
    renderNotice()
    const title = await screen.findByText(/^Payouts on hold until Jun 4, 2026/)
    expect(title).toBeInTheDocument()
    expect(screen.getByText(/your payout account was changed on Jun 1, 2026/)).toBeInTheDocument()
    expect(screen.getByText(/A notice went to dispatch@haulers.test/)).toBeInTheDocument()
  })

  it('shows nothing without a hold', async () => {
    const { calls } = mockFetch({ 'GET /api/carrier/payout-hold': { body: { hold: null } } })
    const { container } = renderNotice()
    await waitFor(() => expect(calls).toHaveLength(1))
    await act(async () => undefined)
    expect(container).toBeEmptyDOMElement()
  })
})
