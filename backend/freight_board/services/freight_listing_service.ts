import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import type { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { businessToday } from '#core/business_time'
import { fromCents } from '#core/money'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { validationError } from '#core/validation'
import { rowCount, transaction, writeTransaction } from '#core/transactions'
import { sqlTimestamp } from '#core/timestamps'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import CarrierIdentityService from '#marketplace/services/carrier_identity_service'
import ClaimedLoadBookingService from '#marketplace/services/claimed_load_booking_service'
import FreightListing from '#freight_board/models/freight_listing'
import FreightAuditService, {
  type FreightActor,
} from '#freight_board/services/freight_audit_service'
import RateRecommendationService, {
  type RateRecommendation,
} from '#freight_board/services/rate_recommendation_service'
import {
  placeLoad,
  type FreightListingForm,
  type PlacedLoad,
} from '#freight_board/services/load_form'
import {
  presentShipperLoad,
  shownCarrierId,
  type ShipperLoad,
} from '#freight_board/services/freight_presenter'
import RatingSummaryService from '#reviews/services/rating_summary_service'
import LoadFundingService, { LOAD_ALREADY_FUNDED } from '#payments/services/load_funding_service'
import type { PaymentIntentResponse } from '#payments/services/payment_intents'

/** A form checked and computed, ready to write (`prepare`, then `insert`). */
export type PreparedLoad = {
  load: PlacedLoad
  recommendation: RateRecommendation
  offers: { allow: boolean; floorCents: number | null }
}

export const LOAD_NOT_FOUND = 'Load not found'
export const NOT_FUNDABLE = 'Only an open load can be funded'
export const PRICE_REQUIRED = 'Price is required to publish'
export const COMMODITY_REQUIRED = 'Commodity is required for an LTL load'
/** A shipper's list is bounded: the newest this many loads. */
export const MAX_SHIPPER_LOADS = 100
/** A load without dates stays on the board this long (docs/decisions/0063). */
export const DEFAULT_LISTING_DAYS = 7

/** When a load leaves the board: its delivery deadline, else a day after pickup, else a week. */
export function expiryOf(
  load: Pick<PlacedLoad, 'pickupEarliest' | 'deliveryLatest'>,
  now: DateTime
) {
  if (load.deliveryLatest) return load.deliveryLatest
  // 24 hours: a day in the moment's own (the process's) zone would be 23 or 25 across DST.
  if (load.pickupEarliest) return load.pickupEarliest.plus({ hours: 24 })
  return now.plus({ days: DEFAULT_LISTING_DAYS })
}

/**
 * The shipper's side of the freight board: the rate estimate, posting a load at the shipper's
 * price beside the recommendation, the shipper's own loads, and cancelling an open one.
 */
@inject()
export default class FreightListingService {
  constructor(
    private clock: Clock,
    private recommendations: RateRecommendationService,
    private audits: FreightAuditService,
    private identities: CarrierIdentityService,
    private fundings: LoadFundingService,
    private ratings: RatingSummaryService,
    private claimBookings: ClaimedLoadBookingService
  ) {}

  async recommend(form: FreightListingForm): Promise<RateRecommendation> {
    return this.recommendFor(await placeLoad(form, this.clock.now()))
  }

  private recommendFor(load: PlacedLoad) {
    return this.recommendations.recommend({
      ...load,
      pickupDay: load.pickupDay ?? businessToday(this.clock),
    })
  }

  async post(shipper: FreightActor & { userId: number }, form: FreightListingForm) {
    const now = this.clock.now()
    const prepared = await this.prepare(form, now)
    const id = await transaction((trx) => this.insert(trx, shipper, prepared, now))
    await emitter.emit('freight:changed', { type: 'posted', id })
    return { id }
  }

  /**
   * Everything a post checks and computes before it writes: the price, the places, the dates,
   * the LTL commodity and the recommendation. A 422 naming the field when the form cannot be
   * posted. A CSV import prepares each row with it (docs/decisions/0248).
   */
  async prepare(form: FreightListingForm, now: DateTime): Promise<PreparedLoad> {
    if (form.price === null || form.price === undefined) {
      throw validationError([
        {
          field: 'price',
          message: PRICE_REQUIRED,
          rule: 'required',
        },
      ])
    }
    const load = await placeLoad(form, now)
    // A straight bill of lading describes LTL freight by its commodity (docs/decisions/0228).
    if (load.mode === 'LTL' && !load.freight.commodity) {
      throw validationError([
        { field: 'commodity', message: COMMODITY_REQUIRED, rule: 'requiredForLtl' },
      ])
    }
    const recommendation = await this.recommendFor(load)
    return {
      load,
      recommendation,
      offers: { allow: form.allow_offers ?? false, floorCents: form.offer_floor_cents ?? null },
    }
  }

  /** Writes a prepared load and its audits in the caller's transaction; its id. */
  async insert(
    trx: TransactionClientContract,
    shipper: FreightActor & { userId: number },
    { load, recommendation, offers }: PreparedLoad,
    now: DateTime
  ): Promise<number> {
    const listing = await FreightListing.create(
      {
        shipperId: shipper.userId,
        carrierId: null,
        shipmentId: null,
        originPostal: load.origin.postal,
        originCity: load.origin.city,
        originState: load.origin.state,
        originAddress: load.origin.address,
        originLatitude: load.origin.lat,
        originLongitude: load.origin.lng,
        destPostal: load.destination.postal,
        destCity: load.destination.city,
        destState: load.destination.state,
        destAddress: load.destination.address,
        destLatitude: load.destination.lat,
        destLongitude: load.destination.lng,
        equipment: load.equipment,
        mode: load.mode,
        pallets: load.pallets,
        weightLbs: load.weightLbs,
        dims: load.dims,
        pickupEarliest: load.pickupEarliest,
        deliveryLatest: load.deliveryLatest,
        notes: load.notes,
        freightDetails: load.freight,
        recommendedLow: recommendation.low,
        recommendedMid: recommendation.mid,
        recommendedHigh: recommendation.high,
        distanceMiles: load.distanceMiles,
        etaHours: recommendation.eta_hours,
        status: 'OPEN',
        paymentStatus: 'UNFUNDED',
        priceCents: load.priceCents,
        holdCarrierId: null,
        holdExpiresAt: null,
        expiresAt: expiryOf(load, now),
        claimedAt: null,
        createdAt: now,
        updatedAt: now,
      },
      { client: trx }
    )
    // The offer terms it starts with (docs/decisions/0234): off unless the form said on.
    if (offers.allow || offers.floorCents !== null) {
      await trx
        .from('freight_listings')
        .where('id', listing.id)
        .update({ allow_offers: offers.allow, offer_floor_cents: offers.floorCents })
    }
    await this.audits.record(
      listing.id,
      'posted',
      shipper,
      now,
      { price: fromCents(load.priceCents!) },
      trx
    )
    await this.audits.record(
      listing.id,
      'recommended',
      shipper,
      now,
      {
        low: recommendation.low,
        mid: recommendation.mid,
        high: recommendation.high,
        method: recommendation.basis.method,
        scope: recommendation.basis.scope,
        sample_size: recommendation.sample_size,
      },
      trx
    )
    return listing.id
  }

  /** The shipper's loads, newest first. */
  async listForShipper(shipperId: number): Promise<ShipperLoad[]> {
    const loads = await FreightListing.query()
      .where('shipperId', shipperId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_SHIPPER_LOADS)
    const now = this.clock.now()
    return this.presentLoads(loads, now)
  }

  /** The shipper cancels an open load, held or not; FreightListingPolicy checked it is theirs. */
  async cancel(shipper: FreightActor, listingId: number): Promise<ShipperLoad> {
    const now = this.clock.now()
    await writeTransaction(async (trx) => {
      const stamp = sqlTimestamp(now, trx)
      const updated = await trx
        .from('freight_listings')
        .where('id', listingId)
        .where('status', 'OPEN')
        .update({
          status: 'CANCELLED',
          hold_carrier_id: null,
          hold_expires_at: null,
          updated_at: stamp,
        })
      if (rowCount(updated) !== 1) {
        const exists = await trx.from('freight_listings').where('id', listingId).first()
        if (!exists) throw new NotFoundException(LOAD_NOT_FOUND)
        throw new ConflictException('Only an open load can be cancelled')
      }
      await this.audits.record(listingId, 'cancelled', shipper, now, null, trx)
    })
    await emitter.emit('freight:changed', { type: 'cancelled', id: listingId })
    let load = await FreightListing.findOrFail(listingId)
    // A funded load's charge goes back to the card (the refund marks it REFUNDED).
    if (load.paymentStatus === 'FUNDED' && (await this.fundings.refund(listingId))) {
      load = await FreightListing.findOrFail(listingId)
    }
    const [shown] = await this.presentLoads([load], now)
    return shown
  }

  /**
   * Loads with their carriers' labels and records (one query for every rating), whether each
   * claim's booking is paid, and what each recommendation rested on (one query each).
   */
  private async presentLoads(loads: FreightListing[], now: DateTime): Promise<ShipperLoad[]> {
    const carrierIds = loads
      .map((load) => shownCarrierId(load, now))
      .filter((id): id is number => id !== null)
    const [ratings, labels, paid, bases] = await Promise.all([
      this.ratings.carriers(carrierIds),
      this.identities.labels(
        loads.map((load) => load.carrierId).filter((id): id is number => id !== null)
      ),
      this.claimBookings.paidBookingIds(
        loads.map((load) => load.shipmentId).filter((id): id is number => id !== null)
      ),
      this.audits.recommendationBases(
        loads.filter((load) => load.recommendedMid !== null).map((load) => load.id)
      ),
    ])
    return loads.map((load) =>
      presentShipperLoad(load, now, (id) => labels.get(id)!, ratings, {
        bookingPaid: load.shipmentId !== null && paid.has(load.shipmentId),
        basis: bases.get(load.id) ?? null,
      })
    )
  }

  /**
   * The card intent that funds an open, unfunded load at its own price (docs/decisions/0069).
   * FreightListingPolicy has checked the load is this shipper's.
   */
  async fund(shipper: FreightActor, listingId: number): Promise<PaymentIntentResponse> {
    const now = this.clock.now()
    const load = await FreightListing.find(listingId)
    if (!load) throw new NotFoundException(LOAD_NOT_FOUND)
    if (load.paymentStatus === 'FUNDED') throw new ConflictException(LOAD_ALREADY_FUNDED)
    const open = load.status === 'OPEN' && (!load.expiresAt || load.expiresAt > now)
    if (!open || !load.priceCents) throw new ConflictException(NOT_FUNDABLE)
    return this.fundings.createIntent({
      listingId,
      shipperId: shipper.userId ?? load.shipperId,
      amountCents: load.priceCents,
    })
  }

  async auditsOf(listingId: number) {
    return this.audits.list(listingId)
  }
}
