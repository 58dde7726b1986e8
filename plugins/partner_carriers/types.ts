/**
 * The partner carriers contract: book a shipment on a partner carrier's API against the
 * partner's quote, cancel it, fetch its bill of lading and read its tracking milestones.
 * Times are ISO 8601 strings; every call that creates or cancels carries an idempotency key.
 * Failures come back as a typed `PartnerCarrierError` result, never as a thrown transport
 * error; no SDK or HTTP type crosses this file, and nothing here knows the database.
 */

/** How the partner moves the freight (the same codes as rate_quoting's FreightMode). */
export type ShipmentMode = 'LTL' | 'TL' | 'EXP'

export type PartnerStop = {
  /** 5-digit US ZIP */
  postal: string
  city: string
  /** two-letter state code */
  state: string
  lat: number
  lng: number
}

export type BookInput = {
  /** the quote the partner priced this shipment with */
  partnerQuoteId: string
  /** one key per booking: a retry with the same key returns the same shipment, never a second */
  idempotencyKey: string
  /**
   * the shipper's own reference printed on the BOL: the reference the shipper gave when
   * booking, else the booking reference (TRT-042)
   */
  shipperReference: string
  origin: PartnerStop
  destination: PartnerStop
  pallets: number
  weightLbs: number
  mode: ShipmentMode
  /** `YYYY-MM-DD`, the day of pickup at the origin */
  pickupDate: string
  /** what the freight is, printed on the partner's bill of lading; absent when not declared */
  freight?: PartnerFreight
}

/**
 * The freight as a bill of lading describes it: the commodity, pieces, packaging, consignee,
 * the NMFC class the booking computed and the hazmat entry (UN number, hazard class).
 */
export type PartnerFreight = {
  commodity: string | null
  pieces: number | null
  /** PALLET, SKID, CRATE... */
  packaging: string
  consignee: string | null
  freightClass: number
  hazmat: { unNumber: string; hazardClass: string } | null
}

export type BookedShipment = {
  /** the partner's id of the shipment: every later call names it */
  partnerShipmentId: string
  /** the carrier's PRO number, printed on labels and quoted by its customer service */
  proNumber: string
  trackingUrl: string
  /** ISO 8601 with the origin's UTC offset */
  pickupWindowStart: string
  pickupWindowEnd: string
  /** the partner's pickup confirmation, quoted to its dispatch */
  confirmationNumber: string
  /** the partner's answer as received, for bookings.partner_payload */
  raw: unknown
}

export type CancelledShipment = {
  partnerShipmentId: string
  /** ISO 8601; the first cancellation's time when the shipment was cancelled before */
  cancelledAt: string
  raw: unknown
}

/**
 * A bill of lading is produced by the partner some time after booking: poll until `ready`,
 * waiting `retryAfterSeconds` between polls. `pdf` holds the bytes of a PDF file.
 */
export type BolDocument =
  | { status: 'ready'; bolNumber: string; pdf: Uint8Array }
  | { status: 'pending'; retryAfterSeconds: number }

/**
 * What a tracking event means in the app's terms (tms_feeds' `FeedEventType`): the driver maps
 * its partner's codes to one of these, so nothing outside the driver needs the partner's code
 * list. `IN_TRANSIT` is a position on the way; a cancellation, an estimate, an arrival at a
 * dock and any code the driver does not know are `OTHER`.
 */
export type MilestoneType =
  | 'PU'
  | 'LINEHAUL_DEPART'
  | 'IN_TRANSIT'
  | 'LINEHAUL_ARRIVE'
  | 'OFD'
  | 'DELIVERED'
  | 'EXCEPTION'
  | 'OTHER'

/** A tracking event: the partner's own code and words, and what it means (`type`). */
export type PartnerMilestone = {
  /** stable across calls: store each event once by (provider, eventId) */
  eventId: string
  /** the partner's status code, kept raw */
  code: string
  /** the driver's reading of `code` */
  type: MilestoneType
  description: string
  /** ISO 8601 */
  eventTime: string
  lat?: number
  lng?: number
  city?: string
  state?: string
}

export type Tracking = { events: PartnerMilestone[] }

export type PartnerCarrierErrorCode =
  /** the partner is down, timed out or answered something unreadable */
  | 'unavailable'
  /** too many requests: wait `retryAfterSeconds` */
  | 'rate_limited'
  /** the quote is no longer bookable: quote again */
  | 'quote_expired'
  | 'not_found'
  /** the partner refused the request as it stands (bad field, reused key, too late to cancel) */
  | 'invalid_request'

/** A failure, as a result: `retryable` says whether the same call may succeed later. */
export type PartnerCarrierError = {
  ok: false
  code: PartnerCarrierErrorCode
  retryable: boolean
  /** the partner's hint, when it gave one */
  retryAfterSeconds: number | null
  message: string
}

/** A successful result carries its fields next to `ok: true`. */
export type PartnerResult<T> = ({ ok: true } & T) | PartnerCarrierError

export interface PartnerCarrierDriver {
  /** the name stored in bookings.provider and partner_events.provider: the registered name */
  readonly provider: string
  /** the partner's name as shippers and the booking history read it, e.g. "Acme LTL" */
  readonly displayName: string
  book(input: BookInput): Promise<PartnerResult<BookedShipment>>
  /**
   * `now` is the app's clock (the injected Clock's time). A driver that simulates its partner
   * (demo_partner, the fake) runs its partner's time from it: a shipment already picked up
   * cannot be cancelled. A driver of a real partner ignores it: the partner keeps its own clock.
   */
  cancel(
    partnerShipmentId: string,
    idempotencyKey: string,
    now: Date
  ): Promise<PartnerResult<CancelledShipment>>
  fetchBol(partnerShipmentId: string): Promise<PartnerResult<BolDocument>>
  /** The events up to `now` (the app's clock, as for cancel), oldest first. */
  track(partnerShipmentId: string, now: Date): Promise<PartnerResult<Tracking>>
}
