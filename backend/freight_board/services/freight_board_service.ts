import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import geocoding from '#plugins/geocoding/services/main'
import { Clock } from '#core/clock'
import { boundingBox, withinRadius } from '#core/geo'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { bookingReference } from '#core/reference'
import { businessDateOf } from '#core/business_time'
import { sqlTimestamp } from '#core/timestamps'
import { takeWriteLock, rowCount } from '#core/transactions'
import ClaimedLoadBookingService from '#marketplace/services/claimed_load_booking_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import FreightListing from '#freight_board/models/freight_listing'
import { MAX_BOARD_PAGE } from '#freight_board/validators/freight_listing'
import LoadFundingService from '#payments/services/load_funding_service'
import FreightAuditService, {
  type FreightActor,
} from '#freight_board/services/freight_audit_service'
import {
  presentBoardLoad,
  presentFeaturedLoad,
  type BoardLoad,
  type BoardRow,
} from '#freight_board/services/freight_presenter'
import { LOAD_NOT_FOUND } from '#freight_board/services/freight_listing_service'
import { boardCache, type BoardPage } from '#freight_board/services/board_cache'
import { timestampMillis } from '#freight_board/services/freight_presenter'
import RatingSummaryService from '#reviews/services/rating_summary_service'

/** docs/decisions/0060: one holder for 30 minutes, at most 3 holds per carrier, no extension. */
export const HOLD_MINUTES = 30
export const MAX_HOLDS = 3
/** docs/decisions/0062: a full ZIP filter also matches loads this close to the ZIP's centroid. */
export const ZIP_RADIUS_MILES = 50
export const MAX_BOARD_LOADS = MAX_BOARD_PAGE
/** Loads a board read answers unless it asks for more (`limit`, up to MAX_BOARD_LOADS). */
export const BOARD_PAGE_LOADS = 25
export const MAX_FEATURED_LOADS = 6

export const HELD_ELSEWHERE = 'Load may already be held'
export const TOO_MANY_HOLDS = `You can hold at most ${MAX_HOLDS} loads at once`
export const NOT_HOLDER = 'You do not hold this load'
export const ALREADY_CLAIMED = 'Load may have already been claimed'

export type BoardFilters = {
  equipment?: string
  mode?: string
  origin_zip?: string
  dest_zip?: string
  funded?: 'true' | 'false'
  /** how many loads, newest pickup first (default BOARD_PAGE_LOADS) */
  limit?: number
}

/** A carrier on the board: the user acting and their company. */
export type BoardCarrier = { userId: number; carrierId: number }

type Query = DatabaseQueryBuilderContract<any>

/**
 * The carriers' side of the freight board: the open loads, holds and claims. Every read and
 * write treats a hold whose `hold_expires_at` has passed as gone, in SQL, so an expired hold
 * never blocks anyone even before `freight:expire` records it.
 */
@inject()
export default class FreightBoardService {
  constructor(
    private clock: Clock,
    private audits: FreightAuditService,
    private bookings: ClaimedLoadBookingService,
    private carriers: CarrierProfileService,
    private fundings: LoadFundingService,
    private ratings: RatingSummaryService
  ) {}

  async carrierOf(userId: number): Promise<BoardCarrier> {
    // A user's carrier never changes; remembered only while the board cache is on (tests reuse ids).
    const known = boardCache.enabled ? boardCache.carrierIds.get(userId) : undefined
    if (known !== undefined) return { userId, carrierId: known }
    const carrierId = await this.carriers.requireCarrierId(userId)
    if (boardCache.enabled) boardCache.carrierIds.set(userId, carrierId)
    return { userId, carrierId }
  }

  /**
   * Open, unexpired loads newest pickup first; held ones show as held. A carrier with no invite
   * in its window sees the shared page of its filters, from the cache when one is current
   * (docs/decisions/0072): the cached JSON as is, or a copy marking the loads it holds.
   */
  async board(
    carrier: BoardCarrier,
    filters: BoardFilters
  ): Promise<BoardLoad[] | { json: string; etag: string }> {
    const now = this.clock.now()
    if (!boardCache.enabled) return this.readBoard(carrier, filters, now)
    const nowMs = now.toMillis()
    const invites = await this.inviteIndex(now)
    if (invites.carriers.has(carrier.carrierId)) return this.readBoard(carrier, filters, now)

    const key = JSON.stringify([
      filters.equipment,
      filters.mode,
      filters.origin_zip,
      filters.dest_zip,
      filters.funded,
      filters.limit ?? BOARD_PAGE_LOADS,
    ])
    let page = boardCache.page(key, nowMs)
    if (!page) {
      const stamp = boardCache.stamp()
      page = await this.sharedPage(filters, now, invites.validUntil)
      boardCache.putPage(key, page, stamp)
    }
    const mine = [...page.holders].filter(([, holder]) => holder === carrier.carrierId)
    if (mine.length === 0) return page
    const held = new Set(mine.map(([id]) => id))
    return page.loads.map((load) => (held.has(load.id) ? { ...load, held_by_you: true } : load))
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
    const holders = new Map<number, number>()
    let validUntil = Math.min(boardCache.horizon(nowMs), invitesUntil)
    for (const [i, row] of rows.entries()) {
      const expires = timestampMillis(row.expires_at)
      if (expires !== null) validUntil = Math.min(validUntil, expires)
      if (loads[i].held) {
        holders.set(loads[i].id, Number(row.hold_carrier_id))
        validUntil = Math.min(validUntil, timestampMillis(row.hold_expires_at)!)
      }
    }
    const json = JSON.stringify(loads)
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`
    return { loads, json, etag, holders, validUntil } satisfies BoardPage
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
  private async inviteIndex(now: DateTime) {
    const nowMs = now.toMillis()
    const known = boardCache.invites(nowMs)
    if (known) return known
    const stamp = boardCache.stamp()
    const rows = await db
      .from('freight_listing_invites')
      .where('expires_at', '>', this.stamp(now))
      .select('invited_carrier_id', 'expires_at')
    let validUntil = boardCache.horizon(nowMs)
    for (const row of rows) validUntil = Math.min(validUntil, timestampMillis(row.expires_at)!)
    const index = {
      carriers: new Set(rows.map((row) => Number(row.invited_carrier_id))),
      validUntil,
    }
    boardCache.putInvites(index, stamp)
    return index
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

  async hold(carrier: BoardCarrier, listingId: number): Promise<BoardLoad> {
    const now = this.clock.now()
    await this.write(carrier.carrierId, async (trx) => {
      const stamp = sqlTimestamp(now, trx)
      const holding = await trx
        .from('freight_listings')
        .where('hold_carrier_id', carrier.carrierId)
        .where('hold_expires_at', '>', stamp)
        .where('status', 'OPEN')
        .count('* as total')
      if (Number(holding[0].total) >= MAX_HOLDS) throw new ConflictException(TOO_MANY_HOLDS)
      const updated = await trx
        .from('freight_listings')
        .where('id', listingId)
        .where('status', 'OPEN')
        .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', stamp))
        .where((q) => q.whereNull('hold_carrier_id').orWhere('hold_expires_at', '<=', stamp))
        .update({
          hold_carrier_id: carrier.carrierId,
          hold_expires_at: sqlTimestamp(now.plus({ minutes: HOLD_MINUTES }), trx),
          updated_at: stamp,
        })
      if (rowCount(updated) !== 1) throw new ConflictException(HELD_ELSEWHERE)
      await this.audits.record(
        listingId,
        'held',
        this.actor(carrier),
        now,
        { carrier_id: carrier.carrierId, minutes: HOLD_MINUTES },
        trx
      )
    })
    await emitter.emit('freight:changed', { type: 'held', id: listingId })
    return this.present(carrier, listingId)
  }

  async release(carrier: BoardCarrier, listingId: number): Promise<BoardLoad> {
    const now = this.clock.now()
    await this.write(carrier.carrierId, async (trx) => {
      const stamp = sqlTimestamp(now, trx)
      const updated = await trx
        .from('freight_listings')
        .where('id', listingId)
        .where('status', 'OPEN')
        .where('hold_carrier_id', carrier.carrierId)
        .where('hold_expires_at', '>', stamp)
        .update({ hold_carrier_id: null, hold_expires_at: null, updated_at: stamp })
      if (rowCount(updated) !== 1) throw new ConflictException(NOT_HOLDER)
      await this.audits.record(listingId, 'released', this.actor(carrier), now, null, trx)
    })
    await emitter.emit('freight:changed', { type: 'released', id: listingId })
    return this.present(carrier, listingId)
  }

  /**
   * Exactly one claim wins: a conditional update of an open load that is unheld, whose hold
   * expired, or that the claimant holds; the booking is created in the same transaction.
   */
  async claim(carrier: BoardCarrier, listingId: number) {
    const vettingSnapshot = await this.bookings.vetClaimant(carrier.carrierId)
    const now = this.clock.now()
    const bookingId = await this.write(carrier.carrierId, async (trx) => {
      const stamp = sqlTimestamp(now, trx)
      const updated = await trx
        .from('freight_listings')
        .where('id', listingId)
        .where('status', 'OPEN')
        .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', stamp))
        .where((q) =>
          q
            .whereNull('hold_carrier_id')
            .orWhere('hold_expires_at', '<=', stamp)
            .orWhere('hold_carrier_id', carrier.carrierId)
        )
        .update({
          status: 'CLAIMED',
          carrier_id: carrier.carrierId,
          claimed_at: stamp,
          hold_carrier_id: null,
          hold_expires_at: null,
          updated_at: stamp,
        })
      if (rowCount(updated) !== 1) throw new ConflictException(ALREADY_CLAIMED)
      const load = await FreightListing.query({ client: trx }).where('id', listingId).firstOrFail()
      const stop = (
        postal: string,
        city: string,
        state: string,
        address: string | null,
        lat: number | null,
        lng: number | null
      ) => ({
        address: address ?? `${city}, ${state} ${postal}`,
        city,
        state,
        zip: postal,
        latitude: lat ?? 0,
        longitude: lng ?? 0,
      })
      const id = await this.bookings.create(
        {
          shipperId: load.shipperId,
          carrierId: carrier.carrierId,
          claimedByUserId: carrier.userId,
          pickup: stop(
            load.originPostal,
            load.originCity,
            load.originState,
            load.originAddress,
            load.originLatitude,
            load.originLongitude
          ),
          delivery: stop(
            load.destPostal,
            load.destCity,
            load.destState,
            load.destAddress,
            load.destLatitude,
            load.destLongitude
          ),
          pallets: load.pallets ?? 1,
          distanceMiles: load.distanceMiles ?? 0,
          totalCents: load.priceCents ?? 0,
          pickupDate: load.pickupEarliest ? businessDateOf(load.pickupEarliest) : null,
          deliveryDate: load.deliveryLatest ? businessDateOf(load.deliveryLatest) : null,
          specialInstructions: load.notes,
          vettingSnapshot,
        },
        trx
      )
      await trx.from('freight_listings').where('id', listingId).update({ shipment_id: id })
      // A funded load's charge pays the booking at once (docs/decisions/0069).
      const paid =
        load.paymentStatus === 'FUNDED' &&
        (await this.fundings.settleOntoBooking(trx, listingId, id))
      await this.audits.record(
        listingId,
        'claimed',
        this.actor(carrier),
        now,
        { carrier_id: carrier.carrierId, booking_id: id, paid_from_funding: paid },
        trx
      )
      return id
    })
    await emitter.emit('freight:changed', { type: 'claimed', id: listingId })
    return { id: listingId, booking_id: bookingId, reference: bookingReference(bookingId) }
  }

  private actor(carrier: BoardCarrier): FreightActor {
    return { userId: carrier.userId, role: 'carrier' }
  }

  private async present(carrier: BoardCarrier, listingId: number) {
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

  /**
   * A write transaction for one carrier's holds: SQLite takes the write lock first; PostgreSQL
   * serialises the carrier's own holds with an advisory lock, so the hold limit cannot be
   * overrun by parallel requests of one carrier.
   */
  private write<T>(carrierId: number, work: (trx: TransactionClientContract) => Promise<T>) {
    return db.transaction(async (trx) => {
      await takeWriteLock(trx)
      if (trx.dialect.name === 'postgres') {
        await trx.rawQuery('SELECT pg_advisory_xact_lock(?, ?)', [7311, carrierId])
      }
      return work(trx)
    })
  }

  private stamp(now: DateTime) {
    return sqlTimestamp(now, db.connection())
  }

  private openLoads(now: DateTime): Query {
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
