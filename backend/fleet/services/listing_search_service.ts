import db from '@adonisjs/lucid/services/db'
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

/**
 * What the spatial index is asked (decision 0086): the shipment's two points, with the
 * filters the database applies before the exact radius check.
 */
export type CandidateQuery = {
  pickup: LatLng
  delivery: LatLng
  pallets: number
  /** `YYYY-MM-DD` */
  pickupDate: string
}

/** The few columns search needs to match, price and order a listing. */
export type MatchCandidate = {
  id: number
  carrierId: number
  status: string
  carrierApproved: boolean
  pickup: LatLng
  pickupRadius: number
  delivery: LatLng
  deliveryRadius: number
  ratePerMilePerPallet: number
  maxPallets: number
  /** `YYYY-MM-DD`, null = available now */
  availableDate: string | null
}

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

const num = (value: unknown) => (value === null || value === undefined ? NaN : Number(value))

/** A date column as `YYYY-MM-DD` (SQLite text, a PostgreSQL Date, or null). */
function day(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
  }
  return String(value).slice(0, 10)
}

/** Read side of capacity listings for carrier search. */
export default class ListingSearchService {
  /**
   * Active listings of approved carriers whose pickup area contains the shipment's pickup
   * point and whose delivery area contains its delivery point, as the spatial index sees them
   * (boxes never tighter than the radii), available by the pickup date and big enough for the
   * pallets. The caller applies the exact radius check and the remaining capacity.
   */
  async candidates(query: CandidateQuery): Promise<MatchCandidate[]> {
    const rows = await this.candidatesQuery(query)
    return rows.map((row: Record<string, unknown>) => ({
      id: Number(row.id),
      carrierId: Number(row.carrier_id),
      status: 'active',
      carrierApproved: true,
      pickup: { latitude: num(row.pickup_latitude), longitude: num(row.pickup_longitude) },
      pickupRadius: Number(row.pickup_radius),
      delivery: { latitude: num(row.delivery_latitude), longitude: num(row.delivery_longitude) },
      deliveryRadius: Number(row.delivery_radius),
      ratePerMilePerPallet: Number(row.rate_per_mile_per_pallet),
      maxPallets: Number(row.max_pallets),
      availableDate: day(row.available_date),
    }))
  }

  /**
   * The candidates query itself (the benchmark EXPLAINs it), driven by the spatial index:
   * SQLite's R*Tree `listing_areas` (active listings only), PostgreSQL's GiST index on the
   * generated `pickup_area`/`delivery_area` boxes (partial on active listings). The approval
   * check is a correlated subquery: two primary-key lookups per candidate.
   */
  candidatesQuery(query: CandidateQuery) {
    const isPg = db.connection().dialect.name === 'postgres'
    const { pickup, delivery } = query
    const builder = db
      .from('listings')
      .select(
        'listings.id',
        'listings.carrier_id',
        'listings.pickup_latitude',
        'listings.pickup_longitude',
        'listings.pickup_radius',
        'listings.delivery_latitude',
        'listings.delivery_longitude',
        'listings.delivery_radius',
        'listings.rate_per_mile_per_pallet',
        'listings.max_pallets',
        'listings.available_date'
      )
    if (isPg) {
      const contains = (column: string, at: LatLng) =>
        builder.whereRaw(
          `listings.${column} @> box(point(CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION)), point(CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION)))`,
          [at.longitude, at.latitude, at.longitude, at.latitude]
        )
      contains('pickup_area', pickup)
      contains('delivery_area', delivery)
    } else {
      builder
        .join('listing_areas', 'listing_areas.id', 'listings.id')
        .where('listing_areas.pickup_min_lat', '<=', pickup.latitude)
        .where('listing_areas.pickup_max_lat', '>=', pickup.latitude)
        .where('listing_areas.pickup_min_lng', '<=', pickup.longitude)
        .where('listing_areas.pickup_max_lng', '>=', pickup.longitude)
        .where('listing_areas.delivery_min_lat', '<=', delivery.latitude)
        .where('listing_areas.delivery_max_lat', '>=', delivery.latitude)
        .where('listing_areas.delivery_min_lng', '<=', delivery.longitude)
        .where('listing_areas.delivery_max_lng', '>=', delivery.longitude)
    }
    return builder
      .where('listings.status', 'active')
      .where('listings.max_pallets', '>=', query.pallets)
      .where((q) =>
        q
          .whereNull('listings.available_date')
          .orWhere('listings.available_date', '<=', query.pickupDate)
      )
      .whereRaw(
        'exists (select 1 from carriers join users on users.id = carriers.user_id where carriers.id = listings.carrier_id and users.is_approved = ?)',
        [true]
      )
  }

  /** These listings in full, with their truck's type, by id (the page search shows). */
  async byIds(ids: number[]): Promise<Map<number, ListingCandidate>> {
    if (ids.length === 0) return new Map()
    const rows = await db
      .from('listings')
      .leftJoin('trucks', 'trucks.id', 'listings.truck_id')
      .whereIn('listings.id', ids)
      .select(
        'listings.id',
        'listings.carrier_id',
        'listings.truck_id',
        'listings.status',
        'listings.pickup_address',
        'listings.origin_address',
        'listings.origin_city',
        'listings.origin_state',
        'listings.pickup_latitude',
        'listings.pickup_longitude',
        'listings.pickup_radius',
        'listings.delivery_address',
        'listings.destination_address',
        'listings.destination_city',
        'listings.destination_state',
        'listings.delivery_latitude',
        'listings.delivery_longitude',
        'listings.delivery_radius',
        'listings.rate_per_mile_per_pallet',
        'listings.max_pallets',
        'listings.available_date',
        'trucks.truck_type'
      )
    return new Map(
      rows.map((row: Record<string, any>): [number, ListingCandidate] => [
        Number(row.id),
        {
          id: Number(row.id),
          carrierId: Number(row.carrier_id),
          // Only asked for offers the match found: active listings of approved carriers.
          carrierApproved: true,
          truckId: row.truck_id === null ? null : Number(row.truck_id),
          truckType: row.truck_type ?? null,
          status: row.status,
          pickupAddress: row.pickup_address,
          pickupLabel: row.origin_address ?? row.pickup_address,
          pickupCity: row.origin_city,
          pickupState: row.origin_state,
          pickup: { latitude: num(row.pickup_latitude), longitude: num(row.pickup_longitude) },
          pickupRadius: Number(row.pickup_radius),
          deliveryAddress: row.delivery_address,
          deliveryLabel: row.destination_address ?? row.delivery_address,
          deliveryCity: row.destination_city,
          deliveryState: row.destination_state,
          delivery: {
            latitude: num(row.delivery_latitude),
            longitude: num(row.delivery_longitude),
          },
          deliveryRadius: Number(row.delivery_radius),
          ratePerMilePerPallet: Number(row.rate_per_mile_per_pallet),
          maxPallets: Number(row.max_pallets),
          availableDate: day(row.available_date),
        },
      ])
    )
  }

  /** One listing with its carrier's approval state, whatever its status; null when unknown. */
  async find(listingId: number): Promise<ListingCandidate | null> {
    const row = await listingWithCarrier().where('listings.id', listingId).first()
    return row ? toCandidate(row) : null
  }
}
