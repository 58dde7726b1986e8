import { createHmac } from 'node:crypto'
import type { DateTime } from 'luxon'
import { appKey } from '#config/app'
import { fromCents, splitPayout, toCents } from '#core/money'
import { perPalletMileCents } from '#plugins/rate_quoting/drivers/lane_model_math'
import type { RecommendationBasis } from '#freight_board/services/freight_audit_service'
import { LOAD_DEFAULTS } from '#core/load_rules'
import { bookingReference } from '#core/reference'
import { isoUtc, readTimestamp } from '#core/timestamps'
import type FreightListing from '#freight_board/models/freight_listing'
import type { FreightDetails } from '#core/freight_details'
import { jsonColumn } from '#core/columns'
import {
  NO_CARRIER_RATING,
  NO_SHIPPER_RATING,
  type CarrierRating,
  type ShipperRating,
} from '#reviews/services/rating_summary_service'

/**
 * A shipper stays anonymous on the board until a claim is paid: "Shipper #4821", a 4-digit
 * code from an HMAC of the shipper's id keyed by the app key, like the carriers' labels
 * (docs/decisions/0023): stable, and neither reveals nor enumerates ids.
 */
export function shipperLabel(shipperId: number): string {
  const digest = createHmac('sha256', appKey.release()).update(`shipper:${shipperId}`).digest()
  return `Shipper #${1000 + (digest.readUInt32BE(0) % 9000)}`
}

const place = (postal: string, city: string, state: string) => ({ postal, city, state })

/** Whether a hold is in force at `now`: an expired hold counts as none. */
export function holdActive(load: FreightListing, now: DateTime) {
  return load.holdCarrierId !== null && load.holdExpiresAt !== null && load.holdExpiresAt > now
}

const cents = (load: FreightListing) => load.priceCents ?? 0

/** A `freight_listings` row as the query builder returns it (the board reads rows, not models). */
export type BoardRow = Record<string, any>

/** Texts kept in `sqlMillis` before it starts again (a few board pages' worth of timestamps). */
const MAX_REMEMBERED_TIMESTAMPS = 10_000
const sqlMillis = new Map<string, number | null>()

/**
 * A timestamp column as epoch ms. PostgreSQL returns a Date; SQLite the local-time text Lucid
 * wrote, which Luxon reads (#core/timestamps). The board presents the same rows request after
 * request, so each text is parsed once and its instant remembered.
 */
export function timestampMillis(value: unknown): number | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.getTime()
  if (typeof value !== 'string') return readTimestamp(value)?.toMillis() ?? null
  let millis = sqlMillis.get(value)
  if (millis === undefined) {
    millis = readTimestamp(value)?.toMillis() ?? null
    if (sqlMillis.size >= MAX_REMEMBERED_TIMESTAMPS) sqlMillis.clear()
    sqlMillis.set(value, millis)
  }
  return millis
}

const isoOf = (value: unknown) => {
  const ms = timestampMillis(value)
  return ms === null ? null : new Date(ms).toISOString()
}

const parseDims = (value: unknown) => {
  if (value && typeof value === 'object') return value as { l: number; w: number; h: number }
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as { l: number; w: number; h: number }
    } catch {
      return { ...LOAD_DEFAULTS.dims }
    }
  }
  return { ...LOAD_DEFAULTS.dims }
}

/** Labels by shipper id, memoised: the HMAC is the same for every load of a shipper. */
const labels = new Map<number, string>()
function memoShipperLabel(shipperId: number) {
  let label = labels.get(shipperId)
  if (!label) {
    if (labels.size > 10_000) labels.clear()
    label = shipperLabel(shipperId)
    labels.set(shipperId, label)
  }
  return label
}

/** What a card shows of a rating: the mean (1-5, two decimals; null for none) and the count. */
const boardRating = (rating: ShipperRating) => ({ average: rating.average, count: rating.count })

export function presentBoardLoad(
  row: BoardRow,
  viewer: { carrierId: number; invitedTo: Set<number> },
  nowMillis: number,
  shipperRatings: Map<number, ShipperRating> = new Map()
) {
  const id = Number(row.id)
  const holdUntil = timestampMillis(row.hold_expires_at)
  const held = row.hold_carrier_id !== null && holdUntil !== null && holdUntil > nowMillis
  const distance = row.distance_miles === null ? 0 : Number(row.distance_miles)
  const cents = row.price_cents === null ? 0 : Number(row.price_cents)
  return {
    id,
    origin: place(row.origin_postal, row.origin_city, row.origin_state),
    destination: place(row.dest_postal, row.dest_city, row.dest_state),
    equipment: row.equipment,
    mode: row.mode,
    pallets: row.pallets === null ? LOAD_DEFAULTS.pallets : Number(row.pallets),
    weight_lbs: row.weight_lbs === null ? LOAD_DEFAULTS.weightLbs : Number(row.weight_lbs),
    dims: parseDims(row.dims),
    pickup_earliest: isoOf(row.pickup_earliest),
    delivery_latest: isoOf(row.delivery_latest),
    notes: row.notes ?? null,
    freight: presentFreight(jsonColumn.consume(row.freight_details) as FreightDetails | null, {
      consignee: false,
    }),
    distance_miles: distance,
    eta_hours: row.eta_hours === null ? 0 : Number(row.eta_hours),
    price: fromCents(cents),
    carrier_pay: fromCents(splitPayout(cents).payoutCents),
    rate_per_mile: distance > 0 ? fromCents(Math.round(cents / distance)) : 0,
    funded: row.payment_status === 'FUNDED',
    held,
    held_by_you: held && Number(row.hold_carrier_id) === viewer.carrierId,
    hold_expires_at: held ? new Date(holdUntil!).toISOString() : null,
    invited: viewer.invitedTo.has(id),
    /** its shipper takes offers below the price (docs/decisions/0234; the floor is never sent) */
    offers_allowed: Boolean(row.allow_offers),
    shipper_label: memoShipperLabel(Number(row.shipper_id)),
    /** the carriers' published reviews of this shipper (decision 0096) */
    shipper_rating: boardRating(shipperRatings.get(Number(row.shipper_id)) ?? NO_SHIPPER_RATING),
    created_at: isoOf(row.created_at)!,
  }
}

export type BoardLoad = ReturnType<typeof presentBoardLoad>

export function presentFeaturedLoad(load: FreightListing) {
  return {
    id: load.id,
    origin: { city: load.originCity, state: load.originState },
    destination: { city: load.destCity, state: load.destState },
    equipment: load.equipment,
    mode: load.mode,
    pallets: load.pallets ?? LOAD_DEFAULTS.pallets,
    distance_miles: load.distanceMiles ?? 0,
    price: fromCents(cents(load)),
  }
}

export function presentShipperLoad(
  load: FreightListing,
  now: DateTime,
  carrierLabel: (carrierId: number) => string,
  carrierRatings: Map<number, CarrierRating> = new Map(),
  extra: { bookingPaid: boolean; basis: RecommendationBasis | null } = {
    bookingPaid: false,
    basis: null,
  }
) {
  const held = load.status === 'OPEN' && holdActive(load, now)
  const carrierId = shownCarrierId(load, now)
  const recommended =
    load.recommendedMid === null
      ? null
      : {
          low: load.recommendedLow ?? 0,
          mid: load.recommendedMid,
          high: load.recommendedHigh ?? 0,
          // The mid per pallet-mile, as the post form showed it (decision 0176).
          per_pallet_mile: fromCents(
            perPalletMileCents(
              toCents(load.recommendedMid),
              load.pallets ?? LOAD_DEFAULTS.pallets,
              load.distanceMiles ?? 0
            )
          ),
          basis: extra.basis,
        }
  return {
    id: load.id,
    origin: place(load.originPostal, load.originCity, load.originState),
    destination: place(load.destPostal, load.destCity, load.destState),
    equipment: load.equipment,
    mode: load.mode,
    pallets: load.pallets ?? LOAD_DEFAULTS.pallets,
    weight_lbs: load.weightLbs ?? LOAD_DEFAULTS.weightLbs,
    freight: presentFreight(load.freightDetails, { consignee: true }),
    distance_miles: load.distanceMiles ?? 0,
    price: fromCents(cents(load)),
    recommended,
    status: load.status,
    payment_status: load.paymentStatus,
    carrier_label: carrierId === null ? null : carrierLabel(carrierId),
    carrier_rating: carrierId === null ? null : cardRecord(carrierRatings.get(carrierId)),
    hold_expires_at: held ? isoUtc(load.holdExpiresAt) : null,
    booking_id: load.shipmentId,
    booking_reference: load.shipmentId === null ? null : bookingReference(load.shipmentId),
    booking_paid: extra.bookingPaid,
    expires_at: isoUtc(load.expiresAt),
    created_at: isoUtc(load.createdAt)!,
  }
}

export type ShipperLoad = ReturnType<typeof presentShipperLoad>

/**
 * A load's freight as the API names it (docs/decisions/0228). The consignee is the shipper's
 * own: its customer's name could tell a carrier on the board whose load it is, so the board
 * leaves it out and the bill of lading prints it once the load is claimed.
 */
export function presentFreight(details: FreightDetails | null, show: { consignee: boolean }) {
  if (!details) return null
  return {
    commodity: details.commodity,
    pieces: details.pieces,
    packaging: details.packaging,
    ...(show.consignee ? { consignee: details.consignee } : {}),
    hazmat: details.hazmat
      ? { un_number: details.hazmat.unNumber, hazard_class: details.hazmat.hazardClass }
      : null,
    density_pcf: details.densityPcf,
    freight_class: details.freightClass,
  }
}

/** The carrier's stars, count and measured on-time rate on a shipper's load card. */
function cardRecord(rating: CarrierRating = NO_CARRIER_RATING) {
  return { average: rating.average, count: rating.count, on_time_rate: rating.onTimeRate }
}

/** Whose ratings a shipper's loads show: the claiming carrier, or the one holding it. */
export function shownCarrierId(load: FreightListing, now: DateTime): number | null {
  return (
    load.carrierId ?? (load.status === 'OPEN' && holdActive(load, now) ? load.holdCarrierId : null)
  )
}
