import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { isoUtc, sqlTimestamp } from '#core/timestamps'
import { rowCount, writeTransaction } from '#core/transactions'
import { validationError } from '#core/validation'
import CarrierShownToShipper from '#marketplace/services/carrier_shown_to_shipper'
import RatingSummaryService, { NO_CARRIER_RATING } from '#reviews/services/rating_summary_service'
import FreightOffer, { type OfferSide } from '#freight_board/models/freight_offer'
import FreightBoardService, {
  ALREADY_CLAIMED,
  type BoardCarrier,
} from '#freight_board/services/freight_board_service'
import { LOAD_NOT_FOUND } from '#freight_board/services/freight_listing_service'
import { timestampMillis } from '#freight_board/services/freight_presenter'
import {
  ABOVE_PRICE,
  BELOW_FLOOR,
  CLOSED_MESSAGES,
  LOAD_CLOSED,
  LOAD_FUNDED,
  MAX_COUNTERS_PER_SIDE,
  NOT_YOUR_TURN,
  OFFER_EXPIRED,
  OFFER_NOT_FOUND,
  OFFER_NOT_OPEN,
  OFFER_PENDING,
  OFFER_WITHDRAWN,
  OFFERS_NOT_TAKEN,
  SHIPPER_ABOVE_PRICE,
  TOO_MANY_COUNTERS,
  lanePosition,
  shownStatus,
  turnOf,
} from '#freight_board/services/offer_rules'

/** Who acts on an offer: the load's shipper, or the offering carrier. */
/** Who answers an offer; `memberUserId` is the company member's own login (decision 0246). */
export type OfferActor = { memberUserId?: number | null } & (
  { side: 'shipper'; userId: number } | { side: 'carrier'; userId: number; carrierId: number }
)

export type OfferInput = { amount_cents: number; note?: string | null; expires_in_hours: number }

/** The load columns an offer's answer shows (a `freight_listings` row). */
type LoadRow = Record<string, any>

const LOAD_COLUMNS = [
  'id',
  'shipper_id',
  'status',
  'expires_at',
  'payment_status',
  'price_cents',
  'allow_offers',
  'offer_floor_cents',
  'recommended_low',
  'recommended_mid',
  'recommended_high',
  'origin_postal',
  'origin_city',
  'origin_state',
  'dest_postal',
  'dest_city',
  'dest_state',
]

/** Whether a load takes answers at `now`: open and not past its own expiry. */
function loadOpen(load: LoadRow, nowMillis: number) {
  const expires = timestampMillis(load.expires_at)
  return load.status === 'OPEN' && (expires === null || expires > nowMillis)
}

/** The lane's p25/p50/p75 in cents: the load's recommended low, mid and high. */
function laneRange(load: LoadRow) {
  if (load.recommended_mid === null || load.recommended_mid === undefined) return null
  return {
    p25: toCents(load.recommended_low ?? 0),
    p50: toCents(load.recommended_mid),
    p75: toCents(load.recommended_high ?? 0),
  }
}

/** A closed offer's reason as written: its sentence, or null while it is open. */
function messageOf(status: string, reason: string | null) {
  if (status === 'EXPIRED') return 'This offer expired without an answer'
  if (status === 'CLOSED' && reason === null) return CLOSED_MESSAGES.load_claimed
  return reason === null ? null : (CLOSED_MESSAGES[reason] ?? null)
}

/**
 * Offers on posted loads (docs/decisions/0234): a carrier offers below the posted price, the
 * shipper and the carrier take turns to counter (at most `MAX_COUNTERS_PER_SIDE` each), and an
 * accept books the load at the agreed amount through the claim's own path
 * (`FreightBoardService.claimAtOffer`). Every step is a conditional update, so the loser of a
 * race (two accepts, an accept and a claim, an accept and a withdrawal) gets a 409. The shipper
 * sees the carrier by its anonymous label and rating only (docs/decisions/0157).
 */
@inject()
export default class FreightOfferService {
  constructor(
    private clock: Clock,
    private board: FreightBoardService,
    private shown: CarrierShownToShipper,
    private ratings: RatingSummaryService
  ) {}

  /** A carrier's offer on a load it can see (FreightListingPolicy.grab checked that). */
  async make(carrier: BoardCarrier, listingId: number, input: OfferInput) {
    const now = this.clock.now()
    const id = await writeTransaction(async (trx) => {
      const load = await this.loadFor(trx, listingId)
      this.assertTakesOffers(load, now)
      if (input.amount_cents >= Number(load.price_cents)) {
        throw validationError([{ field: 'amount_cents', message: ABOVE_PRICE, rule: 'max' }])
      }
      const stamp = sqlTimestamp(now, trx)
      // A pending offer of this carrier's that expired no longer blocks a new one.
      await trx
        .from('freight_offers')
        .where('listing_id', listingId)
        .where('carrier_id', carrier.carrierId)
        .where('status', 'PENDING')
        .where('expires_at', '<=', stamp)
        .update({ status: 'CLOSED', closed_reason: 'expired', updated_at: stamp })
      const pending = await trx
        .from('freight_offers')
        .where('listing_id', listingId)
        .where('carrier_id', carrier.carrierId)
        .where('status', 'PENDING')
        .select('id')
        .first()
      if (pending) throw new ConflictException(OFFER_PENDING)
      const belowFloor = this.belowFloor(load, input.amount_cents)
      const offer = await FreightOffer.create(
        {
          listingId,
          carrierId: carrier.carrierId,
          carrierUserId: carrier.userId,
          amountCents: input.amount_cents,
          note: input.note ?? null,
          lastBy: 'carrier',
          lastByUserId: carrier.memberUserId ?? carrier.userId,
          carrierCounters: 0,
          shipperCounters: 0,
          status: belowFloor ? 'DECLINED' : 'PENDING',
          closedReason: belowFloor ? 'below_floor' : null,
          bookingId: null,
          expiresAt: now.plus({ hours: input.expires_in_hours }),
          createdAt: now,
          updatedAt: now,
        },
        { client: trx }
      )
      return offer.id
    }).catch((error) => {
      // The partial unique index: a parallel offer of the same carrier won.
      if (isUniqueViolation(error)) throw new ConflictException(OFFER_PENDING)
      throw error
    })
    const offer = await FreightOffer.findOrFail(id)
    // An offer declined below the floor stays between the carrier and the platform.
    if (offer.status === 'PENDING') {
      await emitter.emit('freight:offer', { offerId: id, listingId, change: 'made' })
    }
    return this.viewOne(offer, 'carrier')
  }

  /** The side whose turn it is answers with a new amount. */
  async counter(actor: OfferActor, offerId: number, input: OfferInput) {
    const now = this.clock.now()
    const offer = await this.find(offerId)
    await writeTransaction(async (trx) => {
      const load = await this.loadFor(trx, offer.listingId)
      this.assertTakesOffers(load, now)
      const price = Number(load.price_cents)
      if (actor.side === 'carrier' && input.amount_cents >= price) {
        throw validationError([{ field: 'amount_cents', message: ABOVE_PRICE, rule: 'max' }])
      }
      if (actor.side === 'shipper' && input.amount_cents > price) {
        throw validationError([
          { field: 'amount_cents', message: SHIPPER_ABOVE_PRICE, rule: 'max' },
        ])
      }
      const stamp = sqlTimestamp(now, trx)
      const counters = actor.side === 'carrier' ? 'carrier_counters' : 'shipper_counters'
      const belowFloor = actor.side === 'carrier' && this.belowFloor(load, input.amount_cents)
      const updated = await this.answerable(trx, offerId, actor.side, now)
        .where(counters, '<', MAX_COUNTERS_PER_SIDE)
        .update({
          amount_cents: input.amount_cents,
          note: input.note ?? null,
          last_by: actor.side,
          last_by_user_id: actor.memberUserId ?? actor.userId,
          [counters]: trx.raw(`${counters} + 1`),
          expires_at: sqlTimestamp(now.plus({ hours: input.expires_in_hours }), trx),
          updated_at: stamp,
          ...(belowFloor ? { status: 'DECLINED', closed_reason: 'below_floor' } : {}),
        })
      if (rowCount(updated) !== 1) await this.refuse(trx, offerId, actor.side, now, true)
    })
    await emitter.emit('freight:offer', {
      offerId,
      listingId: offer.listingId,
      change: 'countered',
    })
    return this.viewOne(await this.find(offerId), actor.side)
  }

  /**
   * The side whose turn it is accepts: the load is claimed for the offer's carrier at the
   * offer's amount, in the claim's transaction, and every other offer on it closes.
   */
  async accept(actor: OfferActor, offerId: number) {
    const now = this.clock.now()
    const offer = await this.find(offerId)
    const carrier = { userId: offer.carrierUserId, carrierId: offer.carrierId }
    const claim = await this.board.claimAtOffer(
      carrier,
      offer.listingId,
      {
        id: offerId,
        priceCents: offer.amountCents,
        actor: { userId: actor.userId, role: actor.side, memberUserId: actor.memberUserId ?? null },
      },
      async (trx) => {
        const load = await this.loadFor(trx, offer.listingId)
        if (load.payment_status === 'FUNDED') throw new ConflictException(LOAD_FUNDED)
        const stamp = sqlTimestamp(now, trx)
        // The amount accepted is the one read above: a counter in between changes it, and loses.
        const updated = await this.answerable(trx, offerId, actor.side, now)
          .where('amount_cents', offer.amountCents)
          .update({
            status: 'ACCEPTED',
            closed_reason: 'accepted',
            last_by_user_id: actor.memberUserId ?? actor.userId,
            updated_at: stamp,
          })
        if (rowCount(updated) !== 1) await this.refuse(trx, offerId, actor.side, now, false)
      }
    )
    await emitter.emit('freight:offer', {
      offerId,
      listingId: offer.listingId,
      change: 'accepted',
    })
    return { ...claim, offer: await this.viewOne(await this.find(offerId), actor.side) }
  }

  /** The side whose turn it is declines; the negotiation ends. */
  async decline(actor: OfferActor, offerId: number) {
    const now = this.clock.now()
    const offer = await this.find(offerId)
    await writeTransaction(async (trx) => {
      const updated = await this.answerable(trx, offerId, actor.side, now).update({
        status: 'DECLINED',
        closed_reason: `declined_by_${actor.side}`,
        last_by_user_id: actor.memberUserId ?? actor.userId,
        updated_at: sqlTimestamp(now, trx),
      })
      if (rowCount(updated) !== 1) await this.refuse(trx, offerId, actor.side, now, false)
    })
    await emitter.emit('freight:offer', { offerId, listingId: offer.listingId, change: 'declined' })
    return this.viewOne(await this.find(offerId), actor.side)
  }

  /** The carrier takes back its pending offer, whoever's turn it is. */
  async withdraw(offerId: number) {
    const now = this.clock.now()
    const offer = await this.find(offerId)
    await writeTransaction(async (trx) => {
      const stamp = sqlTimestamp(now, trx)
      const updated = await trx
        .from('freight_offers')
        .where('id', offerId)
        .where('status', 'PENDING')
        .where('expires_at', '>', stamp)
        .update({ status: 'WITHDRAWN', closed_reason: 'withdrawn', updated_at: stamp })
      if (rowCount(updated) !== 1) await this.refuse(trx, offerId, 'carrier', now, false)
    })
    await emitter.emit('freight:offer', {
      offerId,
      listingId: offer.listingId,
      change: 'withdrawn',
    })
    return this.viewOne(await this.find(offerId), 'carrier')
  }

  /**
   * The shipper's offer terms on its open load (FreightListingPolicy.manageAsShipper checked
   * it is theirs). Turning offers off closes the pending ones.
   */
  async setTerms(listingId: number, terms: { allow_offers: boolean; floor_cents?: number | null }) {
    const now = this.clock.now()
    const closed = await writeTransaction(async (trx) => {
      const load = await this.loadFor(trx, listingId)
      if (!loadOpen(load, now.toMillis())) throw new ConflictException(LOAD_CLOSED)
      const stamp = sqlTimestamp(now, trx)
      await trx
        .from('freight_listings')
        .where('id', listingId)
        .update({
          allow_offers: terms.allow_offers,
          offer_floor_cents: terms.floor_cents ?? null,
          updated_at: stamp,
        })
      if (terms.allow_offers) return []
      return this.closePending(trx, listingId, 'offers_closed', now)
    })
    for (const offerId of closed) {
      await emitter.emit('freight:offer', { offerId, listingId, change: 'closed' })
    }
    return this.forListing({ side: 'shipper', userId: 0 }, listingId)
  }

  /**
   * Closes every pending offer on a load that was claimed, cancelled or expired (the
   * `freight:changed` listener), and tells each carrier.
   */
  async closeForLoad(
    listingId: number,
    reason: 'load_claimed' | 'load_cancelled' | 'load_expired'
  ) {
    const now = this.clock.now()
    const closed = await writeTransaction((trx) => this.closePending(trx, listingId, reason, now))
    for (const offerId of closed) {
      await emitter.emit('freight:offer', { offerId, listingId, change: 'closed' })
    }
    return closed.length
  }

  /**
   * A load's offers: its shipper reads every one (carriers by label), with the terms, the
   * floor and the lane's range; a carrier reads its own, without the floor or the range.
   */
  async forListing(viewer: OfferActor, listingId: number) {
    const load = await db
      .from('freight_listings')
      .where('id', listingId)
      .select(LOAD_COLUMNS)
      .first()
    if (!load) throw new NotFoundException(LOAD_NOT_FOUND)
    const query = FreightOffer.query().where('listingId', listingId)
    if (viewer.side === 'carrier') query.where('carrierId', viewer.carrierId)
    const offers = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(200)
    const shipper = viewer.side === 'shipper'
    const range = laneRange(load)
    return {
      listing_id: listingId,
      price_cents: Number(load.price_cents ?? 0),
      allow_offers: Boolean(load.allow_offers),
      floor_cents:
        shipper && load.offer_floor_cents !== null ? Number(load.offer_floor_cents) : null,
      lane_range: shipper ? range : null,
      max_counters: MAX_COUNTERS_PER_SIDE,
      offers: await this.view(offers, viewer.side, new Map([[listingId, load]])),
    }
  }

  /** The carrier's own offers on every load, newest first. */
  async forCarrier(carrier: BoardCarrier) {
    const offers = await FreightOffer.query()
      .where('carrierId', carrier.carrierId)
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
    return this.view(offers, 'carrier')
  }

  /** The load's shipper and the offer's carrier, for the policy. */
  async partiesOf(offerId: number) {
    const row = await db
      .from('freight_offers')
      .join('freight_listings', 'freight_listings.id', 'freight_offers.listing_id')
      .where('freight_offers.id', offerId)
      .select('freight_offers.carrier_id as carrierId', 'freight_listings.shipper_id as shipperId')
      .first()
    return row ? { carrierId: Number(row.carrierId), shipperId: Number(row.shipperId) } : null
  }

  /** Whether this carrier has an offer on the load (it reads its own offers after it closed). */
  async hasOffered(listingId: number, carrierId: number) {
    const row = await db
      .from('freight_offers')
      .where('listing_id', listingId)
      .where('carrier_id', carrierId)
      .select('id')
      .first()
    return row !== null && row !== undefined
  }

  private async find(offerId: number) {
    const offer = await FreightOffer.find(offerId)
    if (!offer) throw new NotFoundException(OFFER_NOT_FOUND)
    return offer
  }

  private async loadFor(trx: TransactionClientContract, listingId: number): Promise<LoadRow> {
    const load = await trx
      .from('freight_listings')
      .where('id', listingId)
      .select(LOAD_COLUMNS)
      .first()
    if (!load) throw new NotFoundException(LOAD_NOT_FOUND)
    return load
  }

  private assertTakesOffers(load: LoadRow, now: DateTime) {
    if (!loadOpen(load, now.toMillis())) throw new ConflictException(LOAD_CLOSED)
    if (!load.allow_offers) throw new ConflictException(OFFERS_NOT_TAKEN)
    if (load.payment_status === 'FUNDED') throw new ConflictException(LOAD_FUNDED)
  }

  private belowFloor(load: LoadRow, amountCents: number) {
    return load.offer_floor_cents !== null && amountCents < Number(load.offer_floor_cents)
  }

  /** The offer, if `side` may answer it now: pending, unexpired, the other side's move. */
  private answerable(
    trx: TransactionClientContract,
    offerId: number,
    side: OfferSide,
    now: DateTime
  ) {
    return trx
      .from('freight_offers')
      .where('id', offerId)
      .where('status', 'PENDING')
      .where('last_by', turnOf(side))
      .where('expires_at', '>', sqlTimestamp(now, trx))
  }

  /** Why a conditional update on an offer changed nothing: always a 409 that says so. */
  private async refuse(
    trx: TransactionClientContract,
    offerId: number,
    side: OfferSide,
    now: DateTime,
    countering: boolean
  ): Promise<never> {
    const row = await trx.from('freight_offers').where('id', offerId).first()
    if (!row) throw new NotFoundException(OFFER_NOT_FOUND)
    if (row.status === 'WITHDRAWN') throw new ConflictException(OFFER_WITHDRAWN)
    // Closed because the load was booked (a claim or another accept won the race).
    if (row.closed_reason === 'load_claimed') throw new ConflictException(ALREADY_CLAIMED)
    if (row.status !== 'PENDING') throw new ConflictException(OFFER_NOT_OPEN)
    if ((timestampMillis(row.expires_at) ?? 0) <= now.toMillis()) {
      throw new ConflictException(OFFER_EXPIRED)
    }
    if (row.last_by === side) throw new ConflictException(NOT_YOUR_TURN)
    if (countering) throw new ConflictException(TOO_MANY_COUNTERS)
    // The amount changed under an accept: a counter came first.
    throw new ConflictException(OFFER_NOT_OPEN)
  }

  private async closePending(
    trx: TransactionClientContract,
    listingId: number,
    reason: string,
    now: DateTime
  ): Promise<number[]> {
    const rows = await trx
      .from('freight_offers')
      .where('listing_id', listingId)
      .where('status', 'PENDING')
      .select('id')
    if (rows.length === 0) return []
    const ids = rows.map((row: { id: number }) => Number(row.id))
    await trx
      .from('freight_offers')
      .whereIn('id', ids)
      .where('status', 'PENDING')
      .update({ status: 'CLOSED', closed_reason: reason, updated_at: sqlTimestamp(now, trx) })
    return ids
  }

  private async viewOne(offer: FreightOffer, side: OfferSide) {
    const [shown] = await this.view([offer], side)
    return shown
  }

  /**
   * Offers as their reader sees them. The shipper's carry the carrier's anonymous label and
   * rating and where the amount sits in the lane's range; the carrier's carry neither.
   */
  private async view(offers: FreightOffer[], side: OfferSide, known = new Map<number, LoadRow>()) {
    const missing = [...new Set(offers.map((o) => o.listingId))].filter((id) => !known.has(id))
    if (missing.length > 0) {
      const rows = await db.from('freight_listings').whereIn('id', missing).select(LOAD_COLUMNS)
      for (const row of rows) known.set(Number(row.id), row)
    }
    const carrierIds = side === 'shipper' ? offers.map((o) => o.carrierId) : []
    const [labels, ratings] = await Promise.all([
      this.shown.unpaidLabels(carrierIds),
      this.ratings.carriers(carrierIds),
    ])
    const nowMillis = this.clock.nowMillis()
    return offers.map((offer) => {
      const load = known.get(offer.listingId)!
      const status = shownStatus(
        { status: offer.status, expiresAtMillis: offer.expiresAt.toMillis() },
        loadOpen(load, nowMillis),
        nowMillis
      )
      const rating = side === 'shipper' ? (ratings.get(offer.carrierId) ?? NO_CARRIER_RATING) : null
      return {
        id: offer.id,
        listing_id: offer.listingId,
        load: {
          origin: { postal: load.origin_postal, city: load.origin_city, state: load.origin_state },
          destination: { postal: load.dest_postal, city: load.dest_city, state: load.dest_state },
          price_cents: Number(load.price_cents ?? 0),
          status: load.status,
        },
        amount_cents: offer.amountCents,
        carrier_pay_cents: splitPayout(offer.amountCents).payoutCents,
        note: offer.note,
        status,
        message: messageOf(status, offer.closedReason),
        last_by: offer.lastBy,
        turn: status === 'PENDING' ? turnOf(offer.lastBy) : null,
        counters: {
          carrier: offer.carrierCounters,
          shipper: offer.shipperCounters,
          max: MAX_COUNTERS_PER_SIDE,
        },
        expires_at: isoUtc(offer.expiresAt)!,
        booking_id: offer.bookingId,
        booking_reference: offer.bookingId === null ? null : bookingReference(offer.bookingId),
        carrier_label: side === 'shipper' ? (labels.get(offer.carrierId) ?? null) : null,
        carrier_rating:
          rating === null
            ? null
            : { average: rating.average, count: rating.count, on_time_rate: rating.onTimeRate },
        lane_position: side === 'shipper' ? lanePosition(offer.amountCents, laneRange(load)) : null,
        created_at: isoUtc(offer.createdAt)!,
        updated_at: isoUtc(offer.updatedAt)!,
      }
    })
  }
}

export type OfferView = Awaited<ReturnType<FreightOfferService['forCarrier']>>[number]

/** A unique index refused the insert (SQLite and PostgreSQL say it differently). */
function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string }
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint/.test(e?.message ?? '')
  )
}

export { BELOW_FLOOR }
