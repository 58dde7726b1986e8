import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { mockFetch } from '@/testing/mock-fetch'
import { renderWithProviders } from '@/testing/test-utils'
import { MarketingStats } from '@/features/marketing/components/marketing-stats'

function open(figures: { status?: number; body: unknown }) {
  const mock = mockFetch({
    'GET /api/user': { status: 401, body: { message: 'Unauthorized' } },
    'GET /api/platform/figures': figures,
  })
  renderWithProviders(<MarketingStats />, { url: '/' })
  return mock
}

/** Each figure as `value label`, in order. */
const shown = () =>
  [...document.querySelectorAll('dl > div')].map(
    (item) => `${item.querySelector('dd')!.textContent} ${item.querySelector('dt')!.textContent}`
  )

describe('MarketingStats: the platform’s own figures, never invented ones', () => {
  it('shows the approved carriers, delivered shipments and on-time rate the platform reports', async () => {
    open({
      body: {
        approvedCarriers: 1234,
        deliveredShipments: 56,
        onTimeRate: 0.955,
        judgedDeliveries: 40,
      },
    })
    expect(await screen.findByText('1,234')).toBeInTheDocument()
    expect(shown()).toEqual([
      '1,234 Approved carriers',
      '56 Shipments delivered',
      '95.5% Delivered on time',
    ])
  })

  it('says what each figure stands for, in words, while the platform has none', async () => {
    const { calls } = open({
      body: { approvedCarriers: 0, deliveredShipments: 0, onTimeRate: null, judgedDeliveries: 3 },
    })
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/api/platform/figures'))).toBe(true)
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(shown()).toEqual([
      'Vetted Carriers, checked against FMCSA records',
      'Tracked Shipments, from pickup to delivery',
      'Measured On-time record of every carrier',
    ])
  })

  it('keeps the wording when the figures cannot be read', async () => {
    const { calls } = open({ status: 500, body: { message: 'Server error' } })
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/api/platform/figures'))).toBe(true)
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(shown().join(' ')).not.toMatch(/\d/)
    expect(screen.getByText('Vetted')).toBeInTheDocument()
  })
})
