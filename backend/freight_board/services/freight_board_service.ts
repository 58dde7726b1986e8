import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract as QueryBuilder } from '@adonisjs/lucid/types/querybuilder'
import type { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { ConflictException } from '#core/exceptions/http_errors'
import { bookingReference } from '#core/reference'
import { businessDateOf } from '#core/business_time'
import { sqlTimestamp } from '#core/timestamps'
import { rowCount, takeWriteLock, transaction } from '#core/transactions'
import { freightClaimsTotal } from '#core/metrics'
import { LOAD_DEFAULTS } from '#core/load_rules'
import ClaimedLoadBookingService from '#marketplace/services/claimed_load_booking_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import FreightListing from '#freight_board/models/freight_listing'
import LoadFundingService from '#payments/services/load_funding_service'
import FreightAuditService, {
  type FreightActor,
} from '#freight_board/services/freight_audit_service'
import type { BoardLoad } from '#freight_board/services/freight_presenter'
import { boardCache } from '#freight_board/services/board_cache'
import BoardReader, {
  type BoardCarrier,
  type BoardFilters,
} from '#freight_board/services/board_reader'

/** docs/decisions/0060: one holder for 30 minutes, at most 3 holds per carrier, no extension. */
export const HOLD_MINUTES = 30
export const MAX_HOLDS = 3

export const HELD_ELSEWHERE = 'Load may already be held'
export const TOO_MANY_HOLDS = `You can hold at most ${MAX_HOLDS} loads at once`
export const NOT_HOLDER = 'You do not hold this load'
export const ALREADY_CLAIMED = 'Load may have already been claimed'

/** Load id → whether the claim under way in this process on it won. */
const claimsUnderWay = new Map<number, Promise<boolean>>()

export {
  BOARD_PAGE_LOADS,
  MAX_BOARD_LOADS,
  MAX_FEATURED_LOADS,
  ZIP_RADIUS_MILES,
  type BoardCarrier,
  type BoardFilters,
} from '#freight_board/services/board_reader'

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
    private reader: BoardReader
  ) {}

  /** The open loads this carrier sees (BoardReader). */
  board(carrier: BoardCarrier, filters: BoardFilters) {
    return this.reader.board(carrier, filters)
  }

  featured() {
    return this.reader.featured()
  }

  visible(listingId: number, carrierId: number) {
    return this.reader.visible(listingId, carrierId)
  }

  async carrierOf(userId: number, memberUserId: number | null = null): Promise<BoardCarrier> {
    // No carrier profile: the profile service's own 404.
    const carrierId =
      (await this.findCarrierId(userId)) ?? (await this.carriers.requireCarrierId(userId))
    return { userId, carrierId, memberUserId }
  }

  /** The carriers.id of a carrier user, or null when it has no carrier profile. */
  async findCarrierId(userId: number): Promise<number | null> {
    // A user's carrier never changes; remembered only while the board cache is on (tests reuse ids).
    const known = boardCache.enabled ? boardCache.carrierIds.get(userId) : undefined
    if (known !== undefined) return known
    const carrierId = await this.carriers.findCarrierId(userId)
    if (carrierId !== null && boardCache.enabled) boardCache.carrierIds.set(userId, carrierId)
    return carrierId
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
    return this.reader.load(carrier, listingId)
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
    return this.reader.load(carrier, listingId)
  }

  /**
   * Exactly one claim wins: a conditional update of an open load that is unheld, whose hold
   * expired, or that the claimant holds; the booking is created in the same transaction.
   *
   * Claims on one load in this process wait for the one already under way: when it wins, the
   * others are refused at once instead of queueing for the database one by one (a rush of 50
   * carriers on one load); when it fails (its carrier's vetting, another's hold), they go on.
   * Only a wait: the conditional update still decides, across processes too.
   */
  async claim(carrier: BoardCarrier, listingId: number) {
    const running = claimsUnderWay.get(listingId)
    if (running && (await running)) throw new ConflictException(ALREADY_CLAIMED)
    const attempt = this.claimOnce(carrier, listingId)
    if (!claimsUnderWay.has(listingId)) {
      const won = attempt.then(
        () => true,
        () => false
      )
      claimsUnderWay.set(listingId, won)
      void won.then(() => claimsUnderWay.delete(listingId))
    }
    return attempt
  }

  private async claimOnce(carrier: BoardCarrier, listingId: number) {
    const now = this.clock.now()
    // A load already taken is refused by a plain read, without vetting or the write lock: in a
    // rush on one load every loser after the winner costs one query (the update below decides).
    const open = await this.claimable(db.from('freight_listings'), listingId, carrier, now)
      .select('id')
      .first()
    if (!open) throw new ConflictException(ALREADY_CLAIMED)
    const vettingSnapshot = await this.bookings.vetClaimant(carrier.carrierId)
    const bookingId = await this.write(carrier.carrierId, (trx) =>
      this.claimWithin(trx, carrier, listingId, now, {
        vettingSnapshot,
        actor: this.actor(carrier),
      })
    )
    freightClaimsTotal.inc()
    await emitter.emit('freight:changed', { type: 'claimed', id: listingId })
    return { id: listingId, booking_id: bookingId, reference: bookingReference(bookingId) }
  }

  /**
   * A load claimed at an agreed offer (docs/decisions/0234): the claim's own path, one
   * transaction with `agree` (the offer's conditional update, which throws when the offer can
   * no longer be accepted), at the offer's amount. The load must be open, unfunded (a funded
   * load is charged at its posted price), and unheld or held by the offer's carrier: a claim at
   * the posted price and an accepted offer race on the same conditional update, one wins.
   */
  async claimAtOffer(
    carrier: BoardCarrier,
    listingId: number,
    offer: { id: number; priceCents: number; actor: FreightActor },
    agree: (trx: TransactionClientContract) => Promise<void>
  ) {
    const now = this.clock.now()
    const vettingSnapshot = await this.bookings.vetClaimant(carrier.carrierId)
    const bookingId = await this.write(carrier.carrierId, async (trx) => {
      await agree(trx)
      return this.claimWithin(trx, carrier, listingId, now, {
        vettingSnapshot,
        actor: offer.actor,
        offer: { id: offer.id, priceCents: offer.priceCents },
      })
    })
    freightClaimsTotal.inc()
    await emitter.emit('freight:changed', { type: 'claimed', id: listingId })
    return { id: listingId, booking_id: bookingId, reference: bookingReference(bookingId) }
  }

  /** The claim's conditional update, its booking and its audit, inside the write transaction. */
  private async claimWithin(
    trx: TransactionClientContract,
    carrier: BoardCarrier,
    listingId: number,
    now: DateTime,
    terms: {
      vettingSnapshot: Awaited<ReturnType<ClaimedLoadBookingService['vetClaimant']>>
      actor: FreightActor
      offer?: { id: number; priceCents: number }
    }
  ): Promise<number> {
    const stamp = sqlTimestamp(now, trx)
    const query = this.claimable(trx.from('freight_listings'), listingId, carrier, now)
    if (terms.offer) query.where('allow_offers', true).whereNot('payment_status', 'FUNDED')
    const updated = await query.update({
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
        pallets: load.pallets ?? LOAD_DEFAULTS.pallets,
        weightLbs: load.weightLbs,
        distanceMiles: load.distanceMiles ?? 0,
        totalCents: terms.offer ? terms.offer.priceCents : (load.priceCents ?? 0),
        pickupDate: load.pickupEarliest ? businessDateOf(load.pickupEarliest) : null,
        deliveryDate: load.deliveryLatest ? businessDateOf(load.deliveryLatest) : null,
        specialInstructions: load.notes,
        freightDetails: load.freightDetails,
        vettingSnapshot: terms.vettingSnapshot,
      },
      trx
    )
    await trx.from('freight_listings').where('id', listingId).update({ shipment_id: id })
    if (terms.offer) {
      await trx.from('freight_offers').where('id', terms.offer.id).update({ booking_id: id })
    }
    // A funded load's charge pays the booking at once (docs/decisions/0069); never at an offer.
    const paid =
      !terms.offer &&
      load.paymentStatus === 'FUNDED' &&
      (await this.fundings.settleOntoBooking(trx, listingId, id))
    await this.audits.record(
      listingId,
      'claimed',
      terms.actor,
      now,
      {
        carrier_id: carrier.carrierId,
        booking_id: id,
        paid_from_funding: paid,
        ...(terms.offer ? { offer_id: terms.offer.id } : {}),
      },
      trx
    )
    return id
  }

  /** The load, if this carrier may claim it now: open, unexpired, unheld or held by it. */
  private claimable<Q extends QueryBuilder>(
    query: Q,
    listingId: number,
    carrier: BoardCarrier,
    now: DateTime
  ): Q {
    const stamp = sqlTimestamp(now, db.connection())
    query
      .where('id', listingId)
      .where('status', 'OPEN')
      .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', stamp))
      .where((q) =>
        q
          .whereNull('hold_carrier_id')
          .orWhere('hold_expires_at', '<=', stamp)
          .orWhere('hold_carrier_id', carrier.carrierId)
      )
    return query
  }

  private actor(carrier: BoardCarrier): FreightActor {
    return { userId: carrier.userId, role: 'carrier', memberUserId: carrier.memberUserId ?? null }
  }

  /**
   * A write transaction for one carrier's holds: SQLite takes the write lock first; PostgreSQL
   * serialises the carrier's own holds with an advisory lock, so the hold limit cannot be
   * overrun by parallel requests of one carrier.
   */
  private write<T>(carrierId: number, work: (trx: TransactionClientContract) => Promise<T>) {
    return transaction(async (trx) => {
      await takeWriteLock(trx)
      if (trx.dialect.name === 'postgres') {
        await trx.rawQuery('SELECT pg_advisory_xact_lock(?, ?)', [7311, carrierId])
      }
      return work(trx)
    })
  }
}
