/*
 * The rules of offers on posted loads (docs/decisions/0234), in one place: how many counters,
 * how long an offer stands, what each refusal says, and where an amount sits in the lane's
 * range. Pure: no database, no clock.
 */
import type { OfferSide, OfferStatus } from '#freight_board/models/freight_offer'

/** Each side may counter at most this many times; then it accepts or declines. */
export const MAX_COUNTERS_PER_SIDE = 3
/** An offer or a counter stands at most this long (and at least one hour). */
export const MAX_OFFER_HOURS = 24

export const OFFER_NOT_FOUND = 'Offer not found'
export const OFFERS_NOT_TAKEN = 'This load does not take offers'
export const LOAD_CLOSED = 'This load is no longer open'
export const LOAD_FUNDED = 'A funded load is booked at its posted price: claim it instead'
export const OFFER_PENDING = 'You already have an open offer on this load'
export const ABOVE_PRICE = 'An offer must be below the posted price: claim the load instead'
export const SHIPPER_ABOVE_PRICE = 'A counter cannot be above the posted price'
export const NOT_YOUR_TURN = 'Waiting for the other side to answer'
export const OFFER_EXPIRED = 'This offer has expired'
export const OFFER_WITHDRAWN = 'This offer was withdrawn'
export const OFFER_NOT_OPEN = 'This offer is no longer open'
export const TOO_MANY_COUNTERS = `At most ${MAX_COUNTERS_PER_SIDE} counters each: accept or decline`
/** Never says where the floor is. */
export const BELOW_FLOOR =
  'Declined automatically: the shipper does not take offers this low. Offer more or claim at the posted price.'

/** Why an offer closed, and the sentence each party reads. */
export const CLOSED_MESSAGES: Record<string, string> = {
  below_floor: BELOW_FLOOR,
  declined_by_shipper: 'The shipper declined this offer',
  declined_by_carrier: 'The carrier declined the counter',
  withdrawn: 'The carrier withdrew this offer',
  load_claimed: 'The load was booked: this offer is closed',
  load_cancelled: 'The shipper cancelled the load: this offer is closed',
  load_expired: 'The load expired: this offer is closed',
  offers_closed: 'The shipper stopped taking offers on this load',
  accepted: 'Accepted: the load is booked at this amount',
}

export type ShownOfferStatus = OfferStatus | 'EXPIRED'

/** What an offer reads as now: a pending offer past its expiry, or on a closed load, is over. */
export function shownStatus(
  offer: { status: OfferStatus; expiresAtMillis: number },
  loadOpen: boolean,
  nowMillis: number
): ShownOfferStatus {
  if (offer.status !== 'PENDING') return offer.status
  if (offer.expiresAtMillis <= nowMillis) return 'EXPIRED'
  return loadOpen ? 'PENDING' : 'CLOSED'
}

/** Whose answer a pending offer waits for. */
export function turnOf(lastBy: OfferSide): OfferSide {
  return lastBy === 'carrier' ? 'shipper' : 'carrier'
}

export type LanePosition = 'below_p25' | 'p25_to_p50' | 'p50_to_p75' | 'above_p75'

/** Where an amount sits against the lane's p25/p50/p75 (the load's recommended low, mid, high). */
export function lanePosition(
  amountCents: number,
  range: { p25: number; p50: number; p75: number } | null
): LanePosition | null {
  if (range === null) return null
  if (amountCents < range.p25) return 'below_p25'
  if (amountCents < range.p50) return 'p25_to_p50'
  if (amountCents <= range.p75) return 'p50_to_p75'
  return 'above_p75'
}
