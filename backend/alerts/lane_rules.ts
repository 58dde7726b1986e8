/**
 * Saved lanes and saved capacity searches (docs/decisions/0239): their limits, the stored
 * shape of a place (a ZIP3, a state, or a point with a radius), and whether a posting's point
 * falls in a place. Pure: no database, no clock.
 */
import { boundingBox, greatCircleMiles } from '#core/geo'

/** Saved lanes one carrier company keeps (and saved searches one shipper company keeps). */
export const MAX_SAVED_LANES = 50
export const MAX_SAVED_SEARCHES = 50
/** A radius place: at least this many miles, at most MAX_RADIUS_MILES (bounds the box scan). */
export const MIN_RADIUS_MILES = 10
export const MAX_RADIUS_MILES = 250
/** A saved search's date window, at most this many days long. */
export const MAX_WINDOW_DAYS = 90
/** A minimum rate per mile, in cents, at most $100.00 a mile. */
export const MAX_RATE_CENTS_PER_MILE = 10_000

export const PLACE_KINDS = ['zip3', 'state', 'radius'] as const
export type PlaceKind = (typeof PLACE_KINDS)[number]

/** `equipment_key` of a lane or search that takes any equipment (so the column can be indexed). */
export const ANY_EQUIPMENT = 'ANY'

export const SAVED_LANE_NOT_FOUND = 'Saved lane not found'
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found'
export const laneLimitMessage = `A company keeps at most ${MAX_SAVED_LANES} saved lanes`
export const searchLimitMessage = `A company keeps at most ${MAX_SAVED_SEARCHES} saved searches`

/** A place as stored (one side of a lane): the kind's own column set, the others null. */
export type StoredPlace = {
  kind: PlaceKind
  zip3: string | null
  state: string | null
  near: string | null
  label: string
  latitude: number | null
  longitude: number | null
  radiusMiles: number | null
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number } | null
}

/** Where a posting starts or ends, as the matcher knows it. */
export type PostingPoint = {
  zip3: string | null
  state: string | null
  latitude: number | null
  longitude: number | null
}

/** The first three digits of a US ZIP, or null. */
export function zip3Of(postal: string | null | undefined): string | null {
  const match = /^\s*(\d{3})/.exec(postal ?? '')
  return match ? match[1] : null
}

export function zip3Place(zip3: string): StoredPlace {
  return { ...empty('zip3'), zip3, label: `ZIP ${zip3}xx` }
}

export function statePlace(state: string): StoredPlace {
  return { ...empty('state'), state, label: state }
}

/** A point with its radius, and the latitude/longitude box that contains the circle. */
export function radiusPlace(
  near: string,
  at: { latitude: number; longitude: number; label: string },
  radiusMiles: number
): StoredPlace {
  return {
    ...empty('radius'),
    near,
    label: `Within ${radiusMiles} mi of ${at.label}`,
    latitude: at.latitude,
    longitude: at.longitude,
    radiusMiles,
    box: boundingBox(at, radiusMiles),
  }
}

function empty(kind: PlaceKind): StoredPlace {
  return {
    kind,
    zip3: null,
    state: null,
    near: null,
    label: '',
    latitude: null,
    longitude: null,
    radiusMiles: null,
    box: null,
  }
}

/**
 * Whether a posting's point lies in a place: the same ZIP3, the same state, or within the
 * radius (great-circle miles, the circle's edge included). A point the geocoder could not
 * place matches a ZIP3 or a state by its postal code and state, never a radius.
 */
export function placeMatches(place: StoredPlace, point: PostingPoint): boolean {
  switch (place.kind) {
    case 'zip3':
      return point.zip3 !== null && point.zip3 === place.zip3
    case 'state':
      return point.state !== null && point.state.toUpperCase() === place.state
    case 'radius':
      if (point.latitude === null || point.longitude === null) return false
      if (place.latitude === null || place.longitude === null || place.radiusMiles === null) {
        return false
      }
      return (
        greatCircleMiles(
          { latitude: place.latitude, longitude: place.longitude },
          { latitude: point.latitude, longitude: point.longitude }
        ) <= place.radiusMiles
      )
  }
}

/** A place's columns in a row of saved_lanes or saved_searches, `side` being origin or dest. */
export function placeColumns(side: 'origin' | 'dest', place: StoredPlace) {
  return {
    [`${side}_kind`]: place.kind,
    [`${side}_zip3`]: place.zip3,
    [`${side}_state`]: place.state,
    [`${side}_near`]: place.near,
    [`${side}_label`]: place.label,
    [`${side}_latitude`]: place.latitude,
    [`${side}_longitude`]: place.longitude,
    [`${side}_radius_miles`]: place.radiusMiles,
    [`${side}_min_lat`]: place.box?.minLat ?? null,
    [`${side}_max_lat`]: place.box?.maxLat ?? null,
    [`${side}_min_lng`]: place.box?.minLng ?? null,
    [`${side}_max_lng`]: place.box?.maxLng ?? null,
  }
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** A stored row's place (either side). */
export function placeOfRow(row: Record<string, any>, side: 'origin' | 'dest'): StoredPlace {
  const minLat = num(row[`${side}_min_lat`])
  return {
    kind: row[`${side}_kind`],
    zip3: row[`${side}_zip3`] ?? null,
    state: row[`${side}_state`] ?? null,
    near: row[`${side}_near`] ?? null,
    label: row[`${side}_label`],
    latitude: num(row[`${side}_latitude`]),
    longitude: num(row[`${side}_longitude`]),
    radiusMiles: num(row[`${side}_radius_miles`]),
    box:
      minLat === null
        ? null
        : {
            minLat,
            maxLat: num(row[`${side}_max_lat`])!,
            minLng: num(row[`${side}_min_lng`])!,
            maxLng: num(row[`${side}_max_lng`])!,
          },
  }
}

/**
 * A load's rate per mile in cents as the board shows it (`rate_per_mile`: the price over the
 * road miles, rounded to the cent), or 0 when it has no distance.
 */
export function ratePerMileCents(priceCents: number | null, distanceMiles: number | null) {
  if (!priceCents || !distanceMiles || distanceMiles <= 0) return 0
  return Math.round(priceCents / distanceMiles)
}

/**
 * The widest latitude span a radius box can have: a point's candidates are the boxes whose
 * southern edge lies at most this far south of it (an index range, not a scan).
 */
export const MAX_BOX_LAT_SPAN =
  2 * boundingBox({ latitude: 0, longitude: 0 }, MAX_RADIUS_MILES).maxLat

/** A truck type of fleet's, as the board's equipment (dry_van is a VAN, ...). */
export const EQUIPMENT_OF_TRUCK: Record<string, string> = {
  dry_van: 'VAN',
  refrigerated: 'REEFER',
  flatbed: 'FLATBED',
  box_truck: 'BOX',
}
