import { makeBooking } from '@/testing/bookings'
import type { SearchResult } from '@/features/shipper/api/search-listings'
import type { ShipperDashboardMetrics } from '@/features/shipper/api/get-dashboard-metrics'

/** 4 pallets × 283.4 mi × $2.50 = $2,834.00 line haul; × 1.09 = $3,089.06; fee $255.06. */
export function makeResult(overrides: Partial<SearchResult> = {}): SearchResult {
  const label = overrides.carrierLabel ?? 'Verified carrier #4821'
  return {
    id: 11,
    listingId: 11,
    carrierName: label,
    carrier_name: label,
    carrierLabel: label,
    carrierProfile: {
      label,
      verified: true,
      memberSince: '2025-03',
      completedLoads: 25,
      onTimeRate: 0.96,
      rating: { average: 4.67, count: 12 },
      claimsRatio: 0.04,
      equipmentTypes: ['dry_van'],
    },
    equipmentType: 'dry_van',
    ratePerMilePerPallet: 2.5,
    distance_miles: 283.4,
    available_capacity: 8,
    maxPallets: 10,
    estimated_price: 3089.06,
    priceBreakdown: { lineHaul: 2834, platformFee: 255.06, total: 3089.06 },
    pickupAddress: 'Chicago, IL',
    deliveryAddress: 'Detroit, MI 48201',
    pickupCity: 'Chicago',
    pickupState: 'IL',
    deliveryCity: 'Detroit',
    deliveryState: 'MI',
    availableDate: '2025-06-01',
    pickupDeadheadMiles: 0,
    ...overrides,
  }
}

export function makeMetrics(
  overrides: Partial<ShipperDashboardMetrics> = {}
): ShipperDashboardMetrics {
  return {
    upcoming: [],
    estimatedSavings: 0,
    savingsBasis: { bookings: 0, periodMonths: 6, referenceRatePerPalletMile: 0.5, paid: 0 },
    ...overrides,
  }
}

export { makeBooking }
