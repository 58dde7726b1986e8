import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { DateTime } from 'luxon'
import geocoding from '#plugins/geocoding/services/main'
import { Clock } from '#core/clock'
import { boundingBox, withinRadius } from '#core/geo'
import { NotFoundException } from '#core/exceptions/http_errors'
import { sqlTimestamp } from '#core/timestamps'
import FreightListing from '#freight_board/models/freight_listing'
import { MAX_BOARD_PAGE } from '#freight_board/validators/freight_listing'
import {
  presentBoardLoad,
  presentFeaturedLoad,
  timestampMillis,
  type BoardLoad,
  type BoardRow,
} from '#freight_board/services/freight_presenter'
import { LOAD_NOT_FOUND } from '#freight_board/services/freight_listing_service'
import { boardCache, type BoardPage, type InviteIndex } from '#freight_board/services/board_cache'
import RatingSummaryService from '#reviews/services/rating_summary_service'

/** docs/decisions/0062: a full ZIP filter also matches loads this close to the ZIP's centroid. */
export const ZIP_RADIUS_MILES = 50
export const MAX_BOARD_LOADS = MAX_BOARD_PAGE
/** Loads a board read answers unless it asks for more (`limit`, up to MAX_BOARD_LOADS). */
export const BOARD_PAGE_LOADS = 25
export const MAX_FEATURED_LOADS = 6

export type BoardFilters = {
  equipment?: string
  mode?: string
  origin_zip?: string
  dest_zip?: string
  funded?: 'true' | 'false'
  /** how many loads, newest pickup first (default BOARD_PAGE_LOADS) */
  limit?: number
}

/** The shared page cache's key of a board read's filters. */
const pageKey = (filters: BoardFilters) =>
  JSON.stringify([
    filters.equipment,
    filters.mode,
    filters.origin_zip,
    filters.dest_zip,
    filters.funded,
    filters.limit ?? BOARD_PAGE_LOADS,
  ])

/** The shared page as this carrier sees it: the loads it holds marked as its own. */
function pageFor(page: BoardPage, carrier: BoardCarrier): BoardPage | BoardLoad[] {
  const held = page.heldBy.get(carrier.carrierId)
  if (!held) return page
  return page.loads.map((load) => (held.has(load.id) ? { ...load, held_by_you: true } : load))
}

/**
 * The board read when it needs no database and no service (the usual one): the carrier has no
 * invite in its window and the shared page of its filters is cached, current and not due for
 * its refresh ahead. Otherwise undefined, and `BoardReader.board` answers. The busiest route
 * then costs no container resolution beyond the clock (docs/decisions/0214).
 */
export function cachedBoard(
  carrier: BoardCarrier,
  filters: BoardFilters,
  nowMs: number
): BoardPage | BoardLoad[] | undefined {
  if (!boardCache.enabled) return undefined
  const invites = boardCache.invites(nowMs)
  if (!invites || invites.carriers.has(carrier.carrierId)) return undefined
  const page = boardCache.page(pageKey(filters), nowMs)
  if (!page || (page.renewAt !== undefined && nowMs >= page.renewAt)) return undefined
  return pageFor(page, carrier)
}

/** A carrier on the board: the user acting and their company. */
export type BoardCarrier = {
  userId: number
  carrierId: number
  /** the company member's own login acting (decisions 0223, 0246), for the audit trail */
  memberUserId?: number | null
}

type Query = DatabaseQueryBuilderContract<any>

/**
 * The freight board's reads: the open loads a carrier sees (from the shared page cache when it
 * can, docs/decisions/0072), the visitors' featured loads, and whether a load is visible to a
 * carrier at all. Every read treats a hold whose `hold_expires_at` has passed as gone, in SQL.
 */
@inject()
export default class BoardReader {
  constructor(
    private clock: Clock,
    private ratings: RatingSummaryService
  ) {}

  /**
   * Open, unexpired loads newest pickup first; held ones show as held. A carrier with no invite
   * in its window sees the shared page of its filters, from the cache when one is current
   * (docs/decisions/0072): the cached JSON as is, or a copy marking the loads it holds.
   */
  async board(
    carrier: BoardCarrier,
    filters: BoardFilters
  ): Promise<BoardLoad[] | { json: string; etag: string }> {
    if (!boardCache.enabled) return this.readBoard(carrier, filters, this.clock.now())
    // A cached page needs only the milliseconds; a DateTime is made when the database is read.
    const nowMs = this.clock.nowMillis()
    let instant: DateTime | undefined
    const now = () => (instant ??= this.clock.now())
    const invites = await this.inviteIndex(nowMs, now)
    if (invites.carriers.has(carrier.carrierId)) return this.readBoard(carrier, filters, now())

    const key = pageKey(filters)
    const build = () =>
      boardCache.shared(`page:${key}`, async (stamp) => {
        const built = await this.sharedPage(filters, now(), invites.validUntil)
        boardCache.putPage(key, built, stamp)
        return built
      })
    let page = boardCache.page(key, nowMs)
    if (page?.renewAt !== undefined && nowMs >= page.renewAt) {
      // Refresh ahead: the page is still true (nothing changed it, or its cache would be
      // empty); read its successor once in the background while this one is served.
      page.renewAt = undefined
      build().catch((error) => logger.warn({ err: error }, 'board page refresh failed'))
    }
    if (!page) {
      page = await build()
      // A build joined late may have ended by the clock meanwhile (a hold lapsing).
      if (nowMs >= page.validUntil) page = await this.sharedPage(filters, now(), invites.validUntil)
    }
    return pageFor(page, carrier)
  }

  private async readBoard(carrier: BoardCarrier, filters: BoardFilters, now: DateTime) {
    const rows = await this.boardRows(carrier.carrierId, filters, now)
    const ids = rows.map((row) => Number(row.id))
    const invitedTo = await this.invitedTo(carrier.carrierId, ids, now)
    const millis = now.toMillis()
    const ratings = await this.shipperRatings(rows)
    return rows.map((row) => presentBoardLoad(row, { ...carrier, invitedTo }, millis, ratings))
  }

  /** The page a carrier without invites sees, and until when it stays true without a write. */
  private async sharedPage(filters: BoardFilters, now: DateTime, invitesUntil: number) {
    const nowMs = now.toMillis()
    const rows = await this.boardRows(0, filters, now)
    const nobody = { userId: 0, carrierId: 0, invitedTo: new Set<number>() }
    const ratings = await this.shipperRatings(rows)
    const loads = rows.map((row) => presentBoardLoad(row, nobody, nowMs, ratings))
    const heldBy = new Map<number, Set<number>>()
    const horizon = boardCache.horizon(nowMs)
    let validUntil = Math.min(horizon, invitesUntil)
    for (const [i, row] of rows.entries()) {
      const expires = timestampMillis(row.expires_at)
      if (expires !== null) validUntil = Math.min(validUntil, expires)
      if (loads[i].held) {
        const holder = Number(row.hold_carrier_id)
        let held = heldBy.get(holder)
        if (!held) heldBy.set(holder, (held = new Set()))
        held.add(loads[i].id)
        validUntil = Math.min(validUntil, timestampMillis(row.hold_expires_at)!)
      }
    }
    const json = JSON.stringify(loads)
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`
    const renewAt = validUntil === horizon ? boardCache.renewAt(nowMs) : undefined
    return { loads, json, etag, heldBy, validUntil, renewAt } satisfies BoardPage
  }

  private async boardRows(carrierId: number, filters: BoardFilters, now: DateTime) {
    const query = this.openLoads(now)
    this.visibleTo(query, carrierId, now)
    if (filters.equipment) query.where('equipment', filters.equipment)
    if (filters.mode) query.where('mode', filters.mode)
    if (filters.funded) {
      query.where('payment_status', filters.funded === 'true' ? 'FUNDED' : 'UNFUNDED')
    }
    const origin = await this.zipFilter(query, 'origin', filters.origin_zip)
    const dest = await this.zipFilter(query, 'dest', filters.dest_zip)
    const radius = origin.exact || dest.exact
    const limit = Math.min(filters.limit ?? BOARD_PAGE_LOADS, MAX_BOARD_LOADS)
    const rows: BoardRow[] = await query
      .orderByRaw(this.boardOrder())
      .limit(radius ? limit * 5 : limit)
    return rows.filter((row) => origin.keep(row) && dest.keep(row)).slice(0, limit)
  }

  /** Who has an invite in its window, and when the first window closes (then loads go public). */
  private async inviteIndex(nowMs: number, now: () => DateTime) {
    const known = boardCache.invites(nowMs)
    if (known) return known
    const index = await boardCache.shared('invites', async (stamp) => {
      const built = await this.readInviteIndex(now())
      boardCache.putInvites(built, stamp)
      return built
    })
    // A read joined late may have passed the end of a window meanwhile: read again.
    return nowMs < index.validUntil ? index : this.readInviteIndex(now())
  }

  private async readInviteIndex(now: DateTime): Promise<InviteIndex> {
    const rows = await db
      .from('freight_listing_invites')
      .where('expires_at', '>', this.stamp(now))
      .select('invited_carrier_id', 'expires_at')
    let validUntil = boardCache.horizon(now.toMillis())
    for (const row of rows) validUntil = Math.min(validUntil, timestampMillis(row.expires_at)!)
    return { carriers: new Set(rows.map((row) => Number(row.invited_carrier_id))), validUntil }
  }

  /** A few open, unheld loads for visitors (city and state only). */
  async featured() {
    const now = this.clock.now()
    const loads = await FreightListing.query()
      .where('status', 'OPEN')
      .where((q) => q.whereNull('expiresAt').orWhere('expiresAt', '>', this.stamp(now)))
      .where((q) => q.whereNull('holdCarrierId').orWhere('holdExpiresAt', '<=', this.stamp(now)))
      .whereNotExists((q) => this.activeInvites(q, now))
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_FEATURED_LOADS)
    return loads.map(presentFeaturedLoad)
  }

  /** Whether the carrier may see the load at all (an invite's exclusive window hides it). */
  async visible(listingId: number, carrierId: number): Promise<boolean> {
    const query = db.from('freight_listings').where('id', listingId)
    this.visibleTo(query, carrierId, this.clock.now())
    return (await query.select('id').first()) !== null
  }

  /** One load as this carrier sees it on the board (after a hold or a release). */
  async load(carrier: BoardCarrier, listingId: number) {
    const row = await db.from('freight_listings').where('id', listingId).first()
    if (!row) throw new NotFoundException(LOAD_NOT_FOUND)
    const now = this.clock.now()
    const invitedTo = await this.invitedTo(carrier.carrierId, [listingId], now)
    const ratings = await this.shipperRatings([row])
    return presentBoardLoad(row, { ...carrier, invitedTo }, now.toMillis(), ratings)
  }

  /** The posting shippers' ratings; a change empties the page cache (listeners/ratings.ts). */
  private shipperRatings(rows: BoardRow[]) {
    return this.ratings.shippers(rows.map((row) => Number(row.shipper_id)))
  }

  private stamp(now: DateTime) {
    return sqlTimestamp(now, db.connection())
  }

  openLoads(now: DateTime): Query {
    const stamp = this.stamp(now)
    return db
      .from('freight_listings')
      .where('status', 'OPEN')
      .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', stamp))
  }

  /**
   * Newest pickup first, loads without one last, then id: the board index's order. SQLite sorts
   * NULL lowest, so a plain DESC puts them last and walks the index backwards; PostgreSQL sorts
   * NULL highest and has an index in exactly this order (migration 0302).
   */
  private boardOrder() {
    return db.connection().dialect.name === 'postgres'
      ? 'pickup_earliest DESC NULLS LAST, id DESC'
      : 'pickup_earliest DESC, id DESC'
  }

  private activeInvites(q: any, now: DateTime) {
    q.from('freight_listing_invites')
      .whereColumn('freight_listing_invites.listing_id', 'freight_listings.id')
      .where('freight_listing_invites.expires_at', '>', sqlTimestamp(now, db.connection()))
  }

  /** Loads in an invite's exclusive window show only to the invited carriers (decision 0068). */
  private visibleTo(query: Query, carrierId: number, now: DateTime) {
    query.where((q) =>
      q
        .whereNotExists((sub) => this.activeInvites(sub, now))
        .orWhereExists((sub) => {
          this.activeInvites(sub, now)
          sub.where('freight_listing_invites.invited_carrier_id', carrierId)
        })
    )
  }

  private async invitedTo(carrierId: number, listingIds: number[], now: DateTime) {
    if (listingIds.length === 0) return new Set<number>()
    const rows = await db
      .from('freight_listing_invites')
      .whereIn('listing_id', listingIds)
      .where('invited_carrier_id', carrierId)
      .where('expires_at', '>', sqlTimestamp(now, db.connection()))
      .select('listing_id')
    return new Set(rows.map((row) => Number(row.listing_id)))
  }

  /**
   * A ZIP filter: 1-4 digits match by prefix; a full ZIP matches by prefix or within
   * ZIP_RADIUS_MILES of its centroid (a latitude/longitude box in SQL, the exact circle after).
   */
  private async zipFilter(query: Query, side: 'origin' | 'dest', zip: string | undefined) {
    const keepAll = { exact: false, keep: (_: BoardRow) => true }
    if (!zip) return keepAll
    const postal = `${side}_postal`
    const lat = `${side}_latitude`
    const lng = `${side}_longitude`
    const found = zip.length === 5 ? await geocoding.geocode(zip) : null
    if (!found?.ok) {
      query.where(postal, 'like', `${zip}%`)
      return keepAll
    }
    const center = { latitude: found.place.latitude, longitude: found.place.longitude }
    const box = boundingBox(center, ZIP_RADIUS_MILES)
    query.where((q) =>
      q
        .where(postal, 'like', `${zip}%`)
        .orWhere((inBox) =>
          inBox
            .whereBetween(lat, [box.minLat, box.maxLat])
            .whereBetween(lng, [box.minLng, box.maxLng])
        )
    )
    return {
      exact: true,
      keep: (row: BoardRow) => {
        const point = { latitude: Number(row[lat] ?? 0), longitude: Number(row[lng] ?? 0) }
        return String(row[postal]).startsWith(zip) || withinRadius(center, point, ZIP_RADIUS_MILES)
      },
    }
  }
}
