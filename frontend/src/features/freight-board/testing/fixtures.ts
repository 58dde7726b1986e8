import type {
  BoardLoad,
  FeaturedLoad,
  FreightAudit,
  RateRecommendation,
  ShipperLoad,
} from '@/features/freight-board/api/types'
import { mockFetch, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

export function makeRecommendation(
  overrides: Partial<RateRecommendation> = {}
): RateRecommendation {
  return {
    low: 1100,
    mid: 1234.56,
    high: 1400,
    distance_miles: 283.4,
    per_pallet_mile: 0.73,
    pallets: 6,
    equipment: 'VAN',
    mode: 'TL',
    eta_hours: 5.5,
    sample_size: 42,
    confidence: 'high',
    basis: {
      method: 'lane_history',
      scope: 'zip3',
      description: 'Middle half of 42 van truckloads from 606 to 482 in the last 12 months.',
      fuel_index_date: '2025-03-03',
    },
    ...overrides,
  }
}

export function makeBoardLoad(overrides: Partial<BoardLoad> = {}): BoardLoad {
  return {
    id: 11,
    origin: { postal: '60601', city: 'Chicago', state: 'IL' },
    destination: { postal: '48201', city: 'Detroit', state: 'MI' },
    equipment: 'VAN',
    mode: 'TL',
    pallets: 6,
    weight_lbs: 4200,
    dims: { l: 48, w: 40, h: 60 },
    pickup_earliest: '2025-03-10T14:00:00.000Z',
    delivery_latest: '2025-03-11T22:00:00.000Z',
    notes: null,
    distance_miles: 283.4,
    eta_hours: 5.5,
    price: 1250,
    carrier_pay: 1137.5,
    rate_per_mile: 4.41,
    funded: false,
    held: false,
    held_by_you: false,
    hold_expires_at: null,
    invited: false,
    offers_allowed: false,
    shipper_label: 'Shipper #4821',
    shipper_rating: { average: 4.5, count: 6 },
    created_at: '2025-03-05T10:00:00.000Z',
    freight: null,
    ...overrides,
  }
}

export function makeFeaturedLoad(overrides: Partial<FeaturedLoad> = {}): FeaturedLoad {
  return {
    id: 21,
    origin: { city: 'Chicago', state: 'IL' },
    destination: { city: 'Detroit', state: 'MI' },
    equipment: 'REEFER',
    mode: 'LTL',
    pallets: 4,
    distance_miles: 283.4,
    price: 980,
    ...overrides,
  }
}

export function makeShipperLoad(overrides: Partial<ShipperLoad> = {}): ShipperLoad {
  return {
    id: 31,
    origin: { postal: '60601', city: 'Chicago', state: 'IL' },
    destination: { postal: '48201', city: 'Detroit', state: 'MI' },
    equipment: 'VAN',
    mode: 'TL',
    pallets: 6,
    weight_lbs: 4200,
    distance_miles: 283.4,
    price: 1250,
    recommended: {
      low: 1100,
      mid: 1234.56,
      high: 1400,
      per_pallet_mile: 0.73,
      basis: { method: 'lane_history', scope: 'zip3', sample_size: 16 },
    },
    status: 'OPEN',
    payment_status: 'UNFUNDED',
    carrier_label: null,
    carrier_rating: null,
    hold_expires_at: null,
    booking_id: null,
    booking_reference: null,
    booking_paid: false,
    expires_at: '2025-03-12T10:00:00.000Z',
    created_at: '2025-03-05T10:00:00.000Z',
    freight: null,
    ...overrides,
  }
}

export function makeAudit(overrides: Partial<FreightAudit> = {}): FreightAudit {
  return {
    id: 1,
    action: 'posted',
    actor_role: 'shipper',
    created_at: '2025-03-05T10:00:00.000Z',
    meta: null,
    ...overrides,
  }
}

const USERS = {
  shipper: () => makeUser({ id: 2, role: 'shipper', firstName: 'Sam' }),
  carrier: () => makeUser({ id: 3, role: 'carrier', firstName: 'Cora' }),
  visitor: () => null,
}

/** The real app at `url`, signed in as `who` (or signed out), with the given API routes. */
export function renderAs(
  who: keyof typeof USERS,
  url: string,
  routes: Record<string, MockRoute> = {}
) {
  setXsrfCookie()
  const user = USERS[who]()
  const mock = mockFetch({
    'GET /api/user': user ? { body: user } : { status: 401, body: { message: 'Unauthorized' } },
    'POST /api/analytics/events': { status: 204 },
    // The carrier's offers under the board (docs/decisions/0234): none unless a test says so.
    'GET /api/carrier/freight-offers': { body: [] },
    ...routes,
  })
  return { ...renderApp(url), ...mock }
}

/** The first screen of a test waits for the lazily loaded route chunk. */
export const FIRST_PAINT = { timeout: 5000 }
