import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The spatial index of carrier search (docs/decisions/0086). Each listing serves an area
 * around its pickup point and one around its delivery point (its own radii); the index holds
 * the latitude/longitude box of each area, so a search asks "which listings' boxes contain the
 * shipment's pickup point and its delivery point", and the exact haversine check follows.
 *
 * - SQLite: an R*Tree virtual table `listing_areas` (4 dimensions: the pickup box and the
 *   delivery box) holding the active listings, kept in sync with `listings` by triggers, so
 *   every write (service, seeder, bulk insert) keeps it right in the same transaction.
 * - PostgreSQL (no extension installed): two generated `box` columns on `listings` and one
 *   GiST index over both, partial on active listings. PostGIS is not needed for boxes.
 *
 * A box is never tighter than the area: latitude ± radius / 69 (a degree of latitude is 69.09
 * miles), longitude ± asin(sin(r/R) / cos(latitude)) (the widest longitude on a spherical cap;
 * every longitude when the cap reaches a pole), padded by PAD degrees against rounding (the
 * R*Tree stores 32-bit floats, rounded outwards).
 */
const EARTH_RADIUS_MILES = 3958.8
const PAD = 0.001

function latSpan(radius: string) {
  return `(CAST(${radius} AS DOUBLE PRECISION) / 69.0 + ${PAD})`
}

function lngSpan(latitude: string, radius: string) {
  const sinD = `sin(CAST(${radius} AS DOUBLE PRECISION) / ${EARTH_RADIUS_MILES})`
  const cosLat = `cos(radians(CAST(${latitude} AS DOUBLE PRECISION)))`
  return `(CASE WHEN ${sinD} >= ${cosLat} THEN 360.0 ELSE degrees(asin(${sinD} / ${cosLat})) + ${PAD} END)`
}

/** min/max latitude and longitude of an end's box, from a row reference such as `NEW.`. */
function boxBounds(row: string, end: 'pickup' | 'delivery') {
  const lat = `${row}${end}_latitude`
  const lng = `${row}${end}_longitude`
  const r = `${row}${end}_radius`
  return {
    minLat: `${lat} - ${latSpan(r)}`,
    maxLat: `${lat} + ${latSpan(r)}`,
    minLng: `${lng} - ${lngSpan(lat, r)}`,
    maxLng: `${lng} + ${lngSpan(lat, r)}`,
  }
}

const AREA_COLUMNS =
  'id, pickup_min_lat, pickup_max_lat, pickup_min_lng, pickup_max_lng, delivery_min_lat, delivery_max_lat, delivery_min_lng, delivery_max_lng'

function sqliteAreaValues(row: string) {
  const p = boxBounds(row, 'pickup')
  const d = boxBounds(row, 'delivery')
  return [
    `${row}id`,
    p.minLat,
    p.maxLat,
    p.minLng,
    p.maxLng,
    d.minLat,
    d.maxLat,
    d.minLng,
    d.maxLng,
  ]
    .map((v) => `(${v})`)
    .join(', ')
}

const HAS_POINTS = (row: string) =>
  `${row}status = 'active' AND ${row}pickup_latitude IS NOT NULL AND ${row}pickup_longitude IS NOT NULL AND ${row}delivery_latitude IS NOT NULL AND ${row}delivery_longitude IS NOT NULL`

function pgBox(end: 'pickup' | 'delivery') {
  const b = boxBounds('', end)
  const f = (v: string) => `CAST(${v} AS DOUBLE PRECISION)`
  return `box(point(${f(b.minLng)}, ${f(b.minLat)}), point(${f(b.maxLng)}, ${f(b.maxLat)}))`
}

export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(
        `ALTER TABLE listings ADD COLUMN pickup_area box GENERATED ALWAYS AS (${pgBox('pickup')}) STORED`
      )
      this.schema.raw(
        `ALTER TABLE listings ADD COLUMN delivery_area box GENERATED ALWAYS AS (${pgBox('delivery')}) STORED`
      )
      this.schema.raw(
        `CREATE INDEX listings_search_areas_gist ON listings USING gist (pickup_area, delivery_area) WHERE status = 'active'`
      )
      return
    }
    this.schema.raw(`CREATE VIRTUAL TABLE listing_areas USING rtree(${AREA_COLUMNS})`)
    this.schema.raw(
      `INSERT INTO listing_areas (${AREA_COLUMNS}) SELECT ${sqliteAreaValues('listings.')} FROM listings WHERE ${HAS_POINTS('listings.')}`
    )
    this.schema.raw(`CREATE TRIGGER listing_areas_insert AFTER INSERT ON listings
      WHEN ${HAS_POINTS('NEW.')}
      BEGIN
        INSERT INTO listing_areas (${AREA_COLUMNS}) VALUES (${sqliteAreaValues('NEW.')});
      END`)
    this.schema
      .raw(`CREATE TRIGGER listing_areas_update AFTER UPDATE OF status, pickup_latitude, pickup_longitude, pickup_radius, delivery_latitude, delivery_longitude, delivery_radius, id ON listings
      BEGIN
        DELETE FROM listing_areas WHERE id = OLD.id;
        INSERT INTO listing_areas (${AREA_COLUMNS}) SELECT ${sqliteAreaValues('NEW.')} WHERE ${HAS_POINTS('NEW.')};
      END`)
    this.schema.raw(`CREATE TRIGGER listing_areas_delete AFTER DELETE ON listings
      BEGIN
        DELETE FROM listing_areas WHERE id = OLD.id;
      END`)
  }

  async down() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('DROP INDEX IF EXISTS listings_search_areas_gist')
      this.schema.raw('ALTER TABLE listings DROP COLUMN IF EXISTS pickup_area')
      this.schema.raw('ALTER TABLE listings DROP COLUMN IF EXISTS delivery_area')
      return
    }
    for (const trigger of ['insert', 'update', 'delete']) {
      this.schema.raw(`DROP TRIGGER IF EXISTS listing_areas_${trigger}`)
    }
    this.schema.raw('DROP TABLE IF EXISTS listing_areas')
  }
}
