import type { CarrierBooking } from '@/features/carrier/api/get-carrier-bookings'
import type { CarrierDashboard } from '@/features/carrier/api/get-carrier-dashboard'
import type { Listing } from '@/features/carrier/api/get-listings'
import type { Truck } from '@/features/carrier/api/get-trucks'
import { mockFetch, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

export function makeTruck(overrides: Partial<Truck> = {}): Truck {
  return {
    id: 1,
    make: 'Freightliner',
    model: 'M2 106',
    year: 2021,
    licensePlate: 'IL-12345',
    capacity: 12,
    truckType: 'dry_van',
    status: 'available',
    currentLocation: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  }
}

export function makeListing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: 5,
    truckId: 1,
    truck: {
      id: 1,
      make: 'Freightliner',
      model: 'M2 106',
      year: 2021,
      licensePlate: 'IL-12345',
      capacity: 12,
      truckType: 'dry_van',
    },
    pickupAddress: 'Chicago, IL',
    pickupRadius: 100,
    deliveryAddress: 'Detroit, MI 48201',
    deliveryRadius: 80,
    originCity: 'Chicago',
    originState: 'IL',
    destinationCity: 'Detroit',
    destinationState: 'MI',
    pickupLatitude: 41.8781,
    pickupLongitude: -87.6298,
    deliveryLatitude: 42.3474,
    deliveryLongitude: -83.0604,
    ratePerMilePerPallet: 2.5,
    maxPallets: 10,
    bookedPallets: 2,
    availablePallets: 8,
    availableDate: '2025-03-10',
    status: 'active',
    createdAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  }
}

export function makeCarrierBooking(overrides: Partial<CarrierBooking> = {}): CarrierBooking {
  return {
    id: 7,
    driver: null,
    reference: 'TRT-007',
    status: 'confirmed',
    paymentStatus: 'paid',
    payoutStatus: 'pending',
    pickupAddress: 'Chicago, IL',
    pickupCity: 'Chicago',
    pickupState: 'IL',
    pickupZip: null,
    deliveryAddress: 'Detroit, MI 48201',
    deliveryCity: 'Detroit',
    deliveryState: 'MI',
    deliveryZip: '48201',
    numberOfPallets: 2,
    distance: 340.2,
    ratePerMilePerPallet: 2.5,
    totalAmount: 1854.09,
    pickupDate: '2025-03-12',
    deliveryDate: null,
    expectedDeliveryDate: '2025-03-13',
    specialInstructions: null,
    listingId: 5,
    truckId: 1,
    shipper: { firstName: 'Sam', lastName: 'Shipper', email: 'sam@ship.test', phone: null },
    deliveredAt: null,
    completedAt: null,
    cancelledAt: null,
    cancellationFeeCents: null,
    cancellationFeeShareCents: null,
    createdAt: '2025-03-05T10:00:00.000Z',
    allowedStatuses: ['booked', 'in_transit', 'delayed'],
    inTransitBlockedReason: null,
    deliveryBlockedReason: null,
    ...overrides,
  }
}

export function makeCarrierDashboard(overrides: Partial<CarrierDashboard> = {}): CarrierDashboard {
  return {
    stats: {
      monthlyEarnings: 3708.18,
      monthLabel: 'March 2025',
      completedLoads: 4,
      averageRatePerMilePerPallet: 2.35,
      acceptanceRate: 0.75,
      acceptedBookings: 3,
      decidedBookings: 4,
    },
    recentBookings: [makeCarrierBooking()],
    listings: [],
    fleet: { total: 3, available: 1, inUse: 1, maintenance: 1 },
    topRoutes: [
      {
        lane: 'Chicago, IL → Detroit, MI',
        pickupCity: 'Chicago',
        pickupState: 'IL',
        deliveryCity: 'Detroit',
        deliveryState: 'MI',
        bookings: 3,
        averageDistance: 340.2,
        averageRate: 2.5,
        totalAmount: 5562.27,
        previousTotalAmount: 4000,
        growthPct: 39.1,
      },
      {
        lane: 'Dallas, TX → Houston, TX',
        pickupCity: 'Dallas',
        pickupState: 'TX',
        deliveryCity: 'Houston',
        deliveryState: 'TX',
        bookings: 1,
        averageDistance: 268.1,
        averageRate: 2.2,
        totalAmount: 1285.5,
        previousTotalAmount: 0,
        growthPct: null,
      },
    ],
    // April 2024 .. March 2025, earnings only in the last month.
    monthlyEarnings: Array.from({ length: 12 }, (_, i) => {
      const date = new Date(Date.UTC(2024, 3 + i, 1))
      return {
        month: date.toISOString().slice(0, 7),
        label: date.toLocaleDateString('en-US', {
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        }),
        amount: i === 11 ? 3708.18 : 0,
        loads: i === 11 ? 2 : 0,
      }
    }),
    ...overrides,
  }
}

/** The real app at `url`, signed in as an approved carrier, with the given API routes. */
export function renderCarrier(url: string, routes: Record<string, MockRoute>) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ id: 3, role: 'carrier', firstName: 'Cora' }) },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  return { ...renderApp(url), ...mock }
}

/** The first screen of a test waits for the lazily loaded route chunk. */
export const FIRST_PAINT = { timeout: 5000 }
