import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import type { Infer } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import partnerCarriers from '#plugins/partner_carriers/services/main'
import type { BookedShipment, BookInput, PartnerResult } from '#plugins/partner_carriers/main'
import { Clock } from '#core/clock'
import { businessDay, parseCalendarDate, toDateColumn } from '#core/business_time'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { bookingReference } from '#core/reference'
import { validationError } from '#core/validation'
import PartnerBookingService from '#marketplace/services/partner_booking_service'
import ExternalQuote from '#tms/models/external_quote'
import type { bookQuoteValidator } from '#tms/validators/quote'
import type { StoredQuote } from '#tms/services/quote_service'
import { bookingKeyOf } from '#tms/services/quote_math'
import { palletsForWeight } from '#core/load_rules'
import { bookingFreightOf } from '#core/freight_details'

export type BookQuoteForm = Infer<typeof bookQuoteValidator>

export type BookedQuote = { booking_id: number; reference: string; payment_url: string }

export const QUOTE_NOT_FOUND = 'Quote not found'
/** How far ahead a partner pickup may be booked. */
export const MAX_PICKUP_DAYS_AHEAD = 30
export const NETWORK_QUOTE =
  'PalletLine Network quotes are booked from Search: find a carrier’s capacity on your lane there'

/** The partner could not book: nothing was created, the shipper may try again. */
export class PartnerBookingFailedException extends Exception {
  static status = 502
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/**
 * A shipper books a partner carrier's quote from the TMS (docs/decisions/0082): the partner
 * books the shipment (one idempotency key per quote and shipper, a retryable failure retried
 * once), then marketplace records the booking with the partner's fields, awaiting payment.
 */
@inject()
export default class QuoteBookingService {
  constructor(
    private clock: Clock,
    private partnerBookings: PartnerBookingService
  ) {}

  /** The quote's row; TmsQuotePolicy has checked it is the shipper's. */
  async book(
    shipperId: number,
    quoteId: number,
    form: BookQuoteForm
  ): Promise<{ created: boolean; answer: BookedQuote }> {
    const row = await ExternalQuote.find(quoteId)
    if (!row) throw new NotFoundException(QUOTE_NOT_FOUND)
    const { quote, shipment } = row.response as StoredQuote
    // The partner that books it was decided when it was quoted (docs/decisions/0180).
    const bookWith = row.bookedBy
    if (!bookWith) {
      throw validationError([{ field: 'id', message: NETWORK_QUOTE, rule: 'partnerQuote' }])
    }
    const key = bookingKeyOf(row.id, shipperId)
    const earlier = await this.partnerBookings.findByKey(shipperId, key)
    if (earlier !== null) return { created: false, answer: answerFor(earlier) }

    const now = this.clock.now()
    if (!row.validUntil || row.validUntil <= now) {
      throw new ConflictException(
        `This quote expired at ${(row.validUntil ?? now).toUTC().toISO()}: compare rates again`
      )
    }
    const pickupDay = this.pickupDay(form.pickup_date)
    const pallets = form.pallets ?? palletsForWeight(shipment.weightLbs)
    // The class of the quote's weight on these pallets and the declared unit size; it does not
    // reprice the partner's quote (docs/decisions/0257). The partner prints it on its BOL.
    const freight = form.freight
      ? bookingFreightOf(form.freight, { weightLbs: shipment.weightLbs, pallets })
      : null
    // The booking's id is taken first, so the partner prints its reference (docs/decisions/0205).
    const bookingId = await this.reservedBookingId(row)
    const input: BookInput = {
      partnerQuoteId: quote.partnerQuoteId,
      idempotencyKey: key,
      // The shipper's own reference when given (docs/decisions/0181); else the booking's own,
      // the reference this answers and every screen, document and status push uses.
      shipperReference: form.shipper_reference || bookingReference(bookingId),
      origin: stopOf(shipment.origin),
      destination: stopOf(shipment.destination),
      pallets,
      weightLbs: shipment.weightLbs,
      mode: shipment.mode,
      pickupDate: pickupDay,
      ...(freight
        ? {
            freight: {
              commodity: freight.commodity,
              pieces: freight.pieces,
              packaging: freight.packaging,
              consignee: freight.consignee,
              freightClass: freight.freightClass,
              hazmat: freight.hazmat,
            },
          }
        : {}),
    }
    const partner = await partnerCarriers.use(bookWith)
    let booked = await partner.book(input)
    // One retry of a failure the partner calls temporary; the key makes it safe if it acted.
    if (!booked.ok && booked.retryable) booked = await partner.book(input)
    const shipped = this.accepted(booked, quote.carrier)

    const { id } = await this.partnerBookings.create({
      bookingId,
      shipperId,
      carrierKey: quote.carrierKey,
      pickup: { ...placeOf(shipment.origin), address: form.pickup_address || null },
      delivery: { ...placeOf(shipment.destination), address: form.delivery_address || null },
      pallets,
      weightLbs: shipment.weightLbs,
      freightDetails: freight,
      distanceMiles: shipment.distanceMiles,
      totalCents: quote.totalCents,
      pickupDate: toDateColumn(pickupDay),
      deliveryDate: toDateColumn(pickupDay).plus({ days: quote.transitDays }),
      specialInstructions: form.special_instructions || null,
      idempotencyKey: key,
      shipment: {
        // The registered name: tracking, cancellation and the BOL ask this driver again.
        provider: bookWith,
        carrierName: quote.carrier,
        partnerQuoteId: quote.partnerQuoteId,
        partnerShipmentId: shipped.partnerShipmentId,
        proNumber: shipped.proNumber,
        trackingUrl: shipped.trackingUrl,
        pickupWindowStart: DateTime.fromISO(shipped.pickupWindowStart, { setZone: true }),
        pickupWindowEnd: DateTime.fromISO(shipped.pickupWindowEnd, { setZone: true }),
        confirmationNumber: shipped.confirmationNumber,
        payload: {
          partner: shipped.raw,
          quote: {
            id: row.id,
            provider: row.provider,
            carrier: quote.carrier,
            carrierKey: quote.carrierKey,
            serviceLevel: quote.serviceLevel,
            transitDays: quote.transitDays,
            total: dollars(quote.totalCents),
            lineItems: quote.lineItems,
            validUntil: quote.validUntil,
          },
        },
      },
    })
    return { created: true, answer: answerFor(id) }
  }

  /**
   * The booking id this quote is booked under: taken once, at its first attempt, and kept on
   * the quote, so a retry after a failure the partner may have acted on (its idempotency key is
   * the quote's too) names the same booking. Two first attempts at once keep the first id
   * stored; the other id stays unused.
   */
  private async reservedBookingId(row: ExternalQuote): Promise<number> {
    if (row.reservedBookingId !== null) return row.reservedBookingId
    const reserved = await this.partnerBookings.reserveBookingId()
    await db
      .from('external_quotes')
      .where('id', row.id)
      .whereNull('reserved_booking_id')
      .update({ reserved_booking_id: reserved })
    await row.refresh()
    return row.reservedBookingId ?? reserved
  }

  /** From today to MAX_PICKUP_DAYS_AHEAD business days ahead, else a 422 on pickup_date. */
  private pickupDay(value: string): string {
    const day = parseCalendarDate(value)
    const today = businessDay(this.clock, 0)
    const last = businessDay(this.clock, MAX_PICKUP_DAYS_AHEAD)
    if (day === null || day < today || day > last) {
      throw validationError([
        {
          field: 'pickup_date',
          message: `Pickup date must be from today to ${MAX_PICKUP_DAYS_AHEAD} days ahead`,
          rule: 'pickupWindow',
        },
      ])
    }
    return day
  }

  /** The partner's shipment, or the refusal the shipper sees (nothing is created). */
  private accepted(result: PartnerResult<BookedShipment>, carrier: string): BookedShipment {
    if (result.ok) return result
    if (result.code === 'quote_expired') {
      throw new ConflictException(`${carrier} no longer honours this quote: compare rates again`)
    }
    const why =
      result.code === 'invalid_request'
        ? `${carrier} refused the booking (${result.message})`
        : `${carrier} could not be reached to book this quote`
    throw new PartnerBookingFailedException(`${why}; nothing was booked. Try again later.`, {
      status: 502,
    })
  }
}

function placeOf(stop: StoredQuote['shipment']['origin']) {
  return {
    city: stop.city,
    state: stop.state,
    zip: stop.postal,
    latitude: stop.lat,
    longitude: stop.lng,
  }
}

function stopOf(stop: StoredQuote['shipment']['origin']) {
  return { postal: stop.postal, city: stop.city, state: stop.state, lat: stop.lat, lng: stop.lng }
}

function answerFor(bookingId: number): BookedQuote {
  return {
    booking_id: bookingId,
    reference: bookingReference(bookingId),
    payment_url: `/payment/${bookingId}`,
  }
}
