import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Listing from '#fleet/models/listing'
import type { LatLng } from '#core/geo'

/**
 * A capacity listing as the marketplace sees it: lane, radii, rate, capacity, the truck's
 * equipment and whether the carrier may be booked. Carries the carrier id for pricing and
 * profiles on the server; never sent to a shipper as such.
 */
export type ListingCandidate = {
  id: number
  carrierId: number
  carrierApproved: boolean
  truckId: number | null
  truckType: string | null
  status: string
  pickupAddress: string
  pickupLabel: string
  pickupCity: string | null
  pickupState: string | null
  pickup: LatLng
  pickupRadius: number
  deliveryAddress: string
  deliveryLabel: string
  deliveryCity: string | null
  deliveryState: string | null
  delivery: LatLng
  deliveryRadius: number
  ratePerMilePerPallet: number
  maxPallets: number
  /** `YYYY-MM-DD`, null = available now */
  availableDate: string | null
}

type Box = { minLat: number; maxLat: number; minLng: number; maxLng: number }

/** One end of the shipment and how to prefilter listings against it. */
export type CandidateEnd = {
  point: LatLng
  /** contains every listing point that could serve `point` (largest radius allowed) */
  box: Box
  /** |Δlng| ≤ radius × this for a listing within its radius; null = no bound */
  lngDegreesPerMile: number | null
}

export type CandidateQuery = {
  pickup: CandidateEnd
  delivery: CandidateEnd
  pallets: number
  /** `YYYY-MM-DD` */
  pickupDate: string
  offset: number
  limit: number
}

/**
 * Miles per degree of latitude, rounded down: |Δlat| × 69 never exceeds the great-circle
 * distance, so this per-row prefilter can only drop listings that are truly out of radius.
 */
const MILES_PER_DEGREE_LAT_FLOOR = 69

/** The listing row joined with the approval state of its carrier and its truck's type. */
export function listingWithCarrier(client?: QueryClientContract) {
  return Listing.query(client ? { client } : undefined)
    .join('carriers', 'carriers.id', 'listings.carrier_id')
    .join('users', 'users.id', 'carriers.user_id')
    .leftJoin('trucks', 'trucks.id', 'listings.truck_id')
    .select('listings.*')
    .select('trucks.truck_type as truck_type', 'users.is_approved as carrier_approved')
}

export function toCandidate(listing: Listing): ListingCandidate {
  return {
    id: listing.id,
    carrierId: listing.carrierId,
    carrierApproved: Boolean(listing.$extras.carrier_approved),
    truckId: listing.truckId,
    truckType: listing.$extras.truck_type ?? null,
    status: listing.status,
    pickupAddress: listing.pickupAddress,
    pickupLabel: listing.originAddress ?? listing.pickupAddress,
    pickupCity: listing.originCity,
    pickupState: listing.originState,
    pickup: { latitude: listing.pickupLatitude ?? NaN, longitude: listing.pickupLongitude ?? NaN },
    pickupRadius: listing.pickupRadius,
    deliveryAddress: listing.deliveryAddress,
    deliveryLabel: listing.destinationAddress ?? listing.deliveryAddress,
    deliveryCity: listing.destinationCity,
    deliveryState: listing.destinationState,
    delivery: {
      latitude: listing.deliveryLatitude ?? NaN,
      longitude: listing.deliveryLongitude ?? NaN,
    },
    deliveryRadius: listing.deliveryRadius,
    ratePerMilePerPallet: listing.ratePerMilePerPallet,
    maxPallets: listing.maxPallets,
    availableDate: listing.availableDate ? listing.availableDate.toISODate() : null,
  }
}

/** Read side of capacity listings for carrier search. */
export default class ListingSearchService {
  /**
   * Active listings of approved carriers whose pickup point lies in the box (the indexed
   * prefilter), available by the pickup date, big enough for the pallets, and not obviously
   * out of either radius; cheapest rate first. The caller applies the exact radius check and
   * the remaining capacity, a page at a time.
   */
  async candidates(query: CandidateQuery): Promise<ListingCandidate[]> {
    const rows = await this.candidatesQuery(query)
    return rows.map((row) => ({ ...toCandidate(row), carrierApproved: true }))
  }

  /**
   * The candidates query itself (the benchmark EXPLAINs it). Listings drive it through the
   * pickup bounding box on the (pickup_latitude, pickup_longitude) index, and the delivery
   * box on (delivery_latitude, delivery_longitude); the approval check is a subquery that
   * cannot drive it, so the planner never starts from carriers. The per-row conditions compare each coordinate
   * difference with the listing's own radius: a cheap, never-too-tight bound.
   */
  candidatesQuery(query: CandidateQuery) {
    const { pickup, delivery } = query
    const builder = Listing.query()
      .leftJoin('trucks', 'trucks.id', 'listings.truck_id')
      .select('listings.*')
      .select('trucks.truck_type as truck_type')
      .where('listings.status', 'active')
      .whereBetween('listings.pickup_latitude', [pickup.box.minLat, pickup.box.maxLat])
      .whereBetween('listings.pickup_longitude', [pickup.box.minLng, pickup.box.maxLng])
      .whereBetween('listings.delivery_latitude', [delivery.box.minLat, delivery.box.maxLat])
      .whereBetween('listings.delivery_longitude', [delivery.box.minLng, delivery.box.maxLng])
      .where('listings.max_pallets', '>=', query.pallets)
      .where((q) =>
        q
          .whereNull('listings.available_date')
          .orWhere('listings.available_date', '<=', query.pickupDate)
      )
      // Unary plus: the carrier index must not drive the query (SQLite would pick it and
      // visit every listing); the boxes do.
      .whereRaw(
        '+listings.carrier_id in (select carriers.id from carriers join users on users.id = carriers.user_id where users.is_approved = ?)',
        [true]
      )
    for (const [end, prefix] of [
      [pickup, 'pickup'],
      [delivery, 'delivery'],
    ] as const) {
      builder.whereRaw(
        `abs(listings.${prefix}_latitude - ?) * ${MILES_PER_DEGREE_LAT_FLOOR} <= listings.${prefix}_radius`,
        [end.point.latitude]
      )
      if (end.lngDegreesPerMile !== null) {
        // Typed: PostgreSQL would read a bare parameter times an integer column as an integer.
        builder.whereRaw(
          `abs(listings.${prefix}_longitude - ?) <= listings.${prefix}_radius * CAST(? AS DOUBLE PRECISION)`,
          [end.point.longitude, end.lngDegreesPerMile]
        )
      }
    }
    return builder
      .orderBy('listings.rate_per_mile_per_pallet', 'asc')
      .orderBy('listings.id', 'asc')
      .offset(query.offset)
      .limit(query.limit)
  }

  /** One listing with its carrier's approval state, whatever its status; null when unknown. */
  async find(listingId: number): Promise<ListingCandidate | null> {
    const row = await listingWithCarrier().where('listings.id', listingId).first()
    return row ? toCandidate(row) : null
  }
}
