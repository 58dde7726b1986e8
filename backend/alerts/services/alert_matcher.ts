import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Knex } from 'knex'
import { Clock } from '#core/clock'
import { businessToday } from '#core/business_time'
import { sqlTimestamp } from '#core/timestamps'
import PostedLoadFactsService from '#freight_board/services/posted_load_facts'
import CarrierListingService from '#fleet/services/carrier_listing_service'
import AccountStatsService from '#accounts/services/account_stats_service'
import AlertDelivery, { type MatchedAlert } from '#alerts/services/alert_delivery'
import {
  ANY_EQUIPMENT,
  EQUIPMENT_OF_TRUCK,
  MAX_BOX_LAT_SPAN,
  placeMatches,
  placeOfRow,
  ratePerMileCents,
  zip3Of,
  type PostingPoint,
} from '#alerts/lane_rules'

type Table = 'saved_lanes' | 'saved_searches'
type Row = Record<string, any>
type Builder = Knex.QueryBuilder

/** Where a posting starts or ends, with its place name for the alert's title. */
type Side = PostingPoint & { city: string | null }

/**
 * Matches a new posting against the saved lanes or searches (docs/decisions/0239) and records
 * each match once. One statement per posting finds the candidates through the indexes: the
 * lanes whose origin is the posting's ZIP3, its state, or a radius whose box holds its origin
 * point (three index seeks, UNION ALL; each lane sits in exactly one), each with the
 * destination, equipment, mode and rate (or pallets and dates) checked on the row. The exact
 * radius is then checked in code on those few rows. The alerts are inserted with ON CONFLICT
 * DO NOTHING on (lane, load): the rows this call inserted are the only ones it delivers, so a
 * retry or a second process matching the same posting alerts nobody twice.
 */
@inject()
export default class AlertMatcher {
  constructor(
    private clock: Clock,
    private loads: PostedLoadFactsService,
    private listings: CarrierListingService,
    private delivery: AlertDelivery,
    private accounts: AccountStatsService
  ) {}

  /**
   * A load was posted, or went back on the board (docs/decisions/0252): the saved lanes of
   * approved carriers it matches. A lane alerted for the load before is not alerted again (the
   * unique (lane, load)); a lane saved since, or whose carrier was reinstated since, is.
   * Answers how many were alerted.
   */
  async matchLoad(loadId: number): Promise<number> {
    const found = await this.lanesFor(loadId)
    if (!found) return 0
    const inserted = await this.record(
      'saved_lane_alerts',
      'saved_lane_id',
      'load_id',
      loadId,
      await this.ofApprovedOwners(found.matched)
    )
    await this.delivery.lanes(found.load, found.rate, inserted)
    return inserted.length
  }

  /**
   * The saved lanes an open load matches (the one statement, then the exact places), without
   * recording or telling anyone: null when the load is gone or no longer open.
   */
  async lanesFor(loadId: number) {
    const load = await this.loads.facts(loadId)
    if (!load || load.status !== 'OPEN') return null
    const origin: Side = { ...load.origin, zip3: zip3Of(load.origin.postal) }
    const destination: Side = { ...load.destination, zip3: zip3Of(load.destination.postal) }
    const rate = ratePerMileCents(load.priceCents, load.distanceMiles)
    const rows = await this.candidates('saved_lanes', origin, destination, load.equipment, (q) =>
      q
        .where((m) => m.whereNull('mode').orWhere('mode', load.mode))
        .where((r) =>
          r.whereNull('min_rate_cents_per_mile').orWhere('min_rate_cents_per_mile', '<=', rate)
        )
    )
    return { load, rate, candidates: rows.length, matched: this.refine(rows, origin, destination) }
  }

  /** A carrier published capacity: the shippers' saved searches it matches. */
  async matchListing(listingId: number): Promise<number> {
    const listing = await this.listings.publishedFacts(listingId)
    if (!listing) return 0
    const equipment = listing.truckType ? (EQUIPMENT_OF_TRUCK[listing.truckType] ?? null) : null
    const origin: Side = { ...listing.origin, zip3: zip3Of(listing.origin.postal) }
    const destination: Side = { ...listing.destination, zip3: zip3Of(listing.destination.postal) }
    const today = businessToday(this.clock)
    const day =
      listing.availableDate && listing.availableDate > today ? listing.availableDate : today
    const rows = await this.candidates('saved_searches', origin, destination, equipment, (q) =>
      q
        .where('pallets', '<=', listing.maxPallets)
        .where('date_from', '<=', day)
        .where('date_to', '>=', day)
    )
    const matched = await this.ofApprovedOwners(this.refine(rows, origin, destination))
    const inserted = await this.record(
      'saved_search_alerts',
      'saved_search_id',
      'listing_id',
      listingId,
      matched
    )
    await this.delivery.searches(listing, inserted)
    return inserted.length
  }

  /** The one statement: the three origin seeks, each with the row checks. */
  private async candidates(
    table: Table,
    origin: Side,
    destination: Side,
    equipment: string | null,
    rowChecks: (q: Builder) => Builder
  ): Promise<Row[]> {
    const equipments = equipment ? [equipment, ANY_EQUIPMENT] : [ANY_EQUIPMENT]
    const client = db.connection()
    const branch = (seek: (q: Builder) => Builder) => {
      const q = seek(
        client.knexQuery().from(table).select('*').whereIn('equipment_key', equipments)
      )
      this.destinationCheck(q, destination)
      return rowChecks(q)
    }
    const branches: Builder[] = []
    if (origin.zip3) branches.push(branch((q) => q.where('origin_zip3', origin.zip3)))
    if (origin.state)
      branches.push(branch((q) => q.where('origin_state', origin.state!.toUpperCase())))
    if (origin.latitude !== null && origin.longitude !== null) {
      const { latitude: lat, longitude: lng } = origin
      branches.push(
        branch((q) =>
          q
            .whereBetween('origin_min_lat', [lat - MAX_BOX_LAT_SPAN, lat])
            .where('origin_max_lat', '>=', lat)
            .where('origin_min_lng', '<=', lng)
            .where('origin_max_lng', '>=', lng)
        )
      )
    }
    if (branches.length === 0) return []
    const [first, ...rest] = branches
    return rest.length ? await first.unionAll(rest) : await first
  }

  /** The destination is the lane's ZIP3, state or radius box (the exact circle in code). */
  private destinationCheck(q: Builder, destination: Side) {
    q.where((d) => {
      d.whereRaw('1 = 0')
      if (destination.zip3) d.orWhere('dest_zip3', destination.zip3)
      if (destination.state) d.orWhere('dest_state', destination.state.toUpperCase())
      if (destination.latitude !== null && destination.longitude !== null) {
        const { latitude: lat, longitude: lng } = destination
        d.orWhere((box) =>
          box
            .where('dest_min_lat', '<=', lat)
            .where('dest_max_lat', '>=', lat)
            .where('dest_min_lng', '<=', lng)
            .where('dest_max_lng', '>=', lng)
        )
      }
    })
  }

  /** The exact places (the radius's circle, not its box) on the candidates. */
  private refine(rows: Row[], origin: Side, destination: Side) {
    return rows.filter(
      (row) =>
        placeMatches(placeOfRow(row, 'origin'), origin) &&
        placeMatches(placeOfRow(row, 'dest'), destination)
    )
  }

  /**
   * The matches whose owner may work today: a suspended, rejected or pending company is not
   * told (nor recorded, so it is told if the posting matches again once it is reinstated). One
   * read by primary key over the few matched owners, after the indexed statement.
   */
  private async ofApprovedOwners(matched: Row[]): Promise<Row[]> {
    if (matched.length === 0) return matched
    const approved = await this.accounts.approvedAmong(
      matched.map((row) => Number(row.owner_user_id))
    )
    return matched.filter((row) => approved.has(Number(row.owner_user_id)))
  }

  /** Inserts one alert per match, once ever: the matches this call inserted. */
  private async record(
    table: 'saved_lane_alerts' | 'saved_search_alerts',
    ownerColumn: 'saved_lane_id' | 'saved_search_id',
    subjectColumn: 'load_id' | 'listing_id',
    subjectId: number,
    matched: Row[]
  ): Promise<MatchedAlert[]> {
    if (matched.length === 0) return []
    const client = db.connection()
    const stamp = sqlTimestamp(this.clock.now(), client)
    const inserted = await client
      .knexQuery()
      .table(table)
      .insert(
        matched.map((row) => ({
          [ownerColumn]: Number(row.id),
          [subjectColumn]: subjectId,
          user_id: Number(row.owner_user_id),
          created_at: stamp,
        }))
      )
      .onConflict([ownerColumn, subjectColumn])
      .ignore()
      .returning(ownerColumn)
    const ids = new Set(inserted.map((r: any) => Number(r[ownerColumn] ?? r)))
    return matched
      .filter((row) => ids.has(Number(row.id)))
      .map((row) => ({
        savedId: Number(row.id),
        userId: Number(row.owner_user_id),
        email: Boolean(row.email),
      }))
  }
}
