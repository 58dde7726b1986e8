import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { FreightOffer, FreightOfferList } from '@/features/freight-board/api/offers'
import {
  FIRST_PAINT,
  makeBoardLoad,
  makeShipperLoad,
  renderAs,
} from '@/features/freight-board/testing/fixtures'
import { requestsTo } from '@/testing/mock-fetch'

function makeOffer(overrides: Partial<FreightOffer> = {}): FreightOffer {
  return {
    id: 7,
    listing_id: 31,
    load: {
      origin: { postal: '60601', city: 'Chicago', state: 'IL' },
      destination: { postal: '48201', city: 'Detroit', state: 'MI' },
      price_cents: 125_000,
      status: 'OPEN',
    },
    amount_cents: 115_000,
    carrier_pay_cents: 104_650,
    note: 'Empty in Joliet tomorrow',
    status: 'PENDING',
    message: null,
    last_by: 'carrier',
    turn: 'shipper',
    counters: { carrier: 0, shipper: 0, max: 3 },
    expires_at: '2030-03-10T14:00:00.000Z',
    booking_id: null,
    booking_reference: null,
    carrier_label: 'Verified carrier #4821',
    carrier_rating: { average: 4.5, count: 6, on_time_rate: 0.9 },
    lane_position: 'p25_to_p50',
    created_at: '2030-03-10T02:00:00.000Z',
    updated_at: '2030-03-10T02:00:00.000Z',
    ...overrides,
  }
}

const list = (offers: FreightOffer[]): FreightOfferList => ({
  listing_id: 31,
  price_cents: 125_000,
  allow_offers: true,
  floor_cents: 100_000,
  lane_range: { p25: 110_000, p50: 120_000, p75: 130_000 },
  max_counters: 3,
  offers,
})

describe('Offers on posted loads', () => {
  it('the shipper sees the carrier by label, the lane position, and accepts only after confirming', async () => {
    const { calls } = renderAs('shipper', '/post-load', {
      'GET /api/payments/config': { body: { driver: 'sandbox', publishableKey: null } },
      'GET /api/shipper/freight-listings': { body: [makeShipperLoad({ id: 31 })] },
      'GET /api/freight-listings/31/offers': { body: list([makeOffer()]) },
      'POST /api/freight-offers/7/accept': {
        body: {
          id: 31,
          booking_id: 90,
          reference: 'TRT-090',
          offer: makeOffer({ status: 'ACCEPTED', booking_id: 90, booking_reference: 'TRT-090' }),
        },
      },
    })
    const panel = await screen.findByRole('region', { name: 'Offers on listing #31' }, FIRST_PAINT)
    const offer = await within(panel).findByRole('listitem', { name: /^Offer #7/ })
    expect(within(offer).getByText('Verified carrier #4821')).toBeInTheDocument()
    expect(within(offer).getByText('Between the lane’s low and mid (p25–p50)')).toBeInTheDocument()
    expect(within(panel).getByText(/p25 \$1,100\.00/)).toBeInTheDocument()

    fireEvent.click(within(offer).getByRole('button', { name: 'Accept $1,150.00' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('cannot be undone')
    expect(requestsTo(calls, 'POST', '/api/freight-offers/7/accept')).toHaveLength(0)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and book at $1,150.00' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/freight-offers/7/accept')).toHaveLength(1)
    )
  })

  it('the carrier makes an offer in cents, seeing what it would earn', async () => {
    const { calls } = renderAs('carrier', '/freight-board', {
      'GET /api/freight-listings': { body: [makeBoardLoad({ id: 11, offers_allowed: true })] },
      'POST /api/freight-listings/11/offers': {
        status: 201,
        body: makeOffer({ id: 8, listing_id: 11, amount_cents: 110_050 }),
      },
    })
    await screen.findByRole('list', { name: 'Open loads' }, FIRST_PAINT)
    fireEvent.click(screen.getByRole('button', { name: 'Make an offer on load #11' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), {
      target: { value: '1,100.50' },
    })
    expect(within(dialog).getByText(/You earn/)).toHaveTextContent('$1,001.46')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/freight-listings/11/offers')).toHaveLength(1)
    )
    expect(requestsTo(calls, 'POST', '/api/freight-listings/11/offers')[0].body).toEqual({
      amount_cents: 110_050,
      note: null,
      expires_in_hours: 12,
    })
  })

  it('a load without offers shows no Make an offer; the carrier’s empty list says so', async () => {
    renderAs('carrier', '/freight-board', {
      'GET /api/freight-listings': { body: [makeBoardLoad({ id: 11 })] },
    })
    await screen.findByRole('list', { name: 'Open loads' }, FIRST_PAINT)
    expect(screen.queryByRole('button', { name: 'Make an offer on load #11' })).toBeNull()
    expect(await screen.findByText('No offers yet')).toBeInTheDocument()
  })
})
