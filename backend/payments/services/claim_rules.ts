import { DateTime } from 'luxon'
import { BUSINESS_TIME_ZONE } from '#core/business_time'

/**
 * Cargo claims' rules (docs/decisions/0232, 0233), pure: the windows, the amount's ceiling, the
 * state machine and where a settlement's money comes from. Every "today" is a business day
 * (`businessToday`), so a window ends at midnight in New York, not on the server's clock.
 */

/**
 * How long after delivery a shipper may file: 9 months, the Carmack Amendment's floor for the
 * claim-filing period (49 U.S.C. 14706(e)). The one place it is written.
 */
export const CLAIM_FILING_MONTHS = 9

/** How long the carrier has to answer a claim, in calendar days from the day it was filed. */
export const CLAIM_RESPONSE_DAYS = 30

/**
 * The most a claim may ask when the booking declares no cargo value (bookings carry none
 * today): $100,000, the cargo cover shippers and brokers commonly require of a motor carrier
 * per load. In integer cents.
 */
export const CLAIM_LIABILITY_LIMIT_CENTS = 10_000_000

export const CLAIM_TYPES = ['loss', 'damage', 'shortage', 'delay'] as const
export type ClaimType = (typeof CLAIM_TYPES)[number]

/**
 * filed: waiting for the carrier's answer. offered: the carrier offered part. declined: the
 * carrier declined. escalated: an admin decides. settled: money moved or recovery recorded
 * (settled_cents > 0). closed: nothing is owed (a decline accepted, or an admin's nil decision).
 */
export const CLAIM_STATUSES = [
  'filed',
  'offered',
  'declined',
  'escalated',
  'settled',
  'closed',
] as const
export type ClaimStatus = (typeof CLAIM_STATUSES)[number]

/** Evidence files (photos, documents) each side may attach to one claim (decision 0245). */
export const CLAIM_FILES_PER_SIDE = 10

/** A status no step leaves. */
export function isFinal(status: ClaimStatus): boolean {
  return status === 'settled' || status === 'closed'
}

export type ClaimAction =
  | { kind: 'carrier_accept' }
  | { kind: 'carrier_offer'; offerCents: number }
  | { kind: 'carrier_decline' }
  | { kind: 'shipper_accept' }
  | { kind: 'shipper_escalate' }
  | { kind: 'admin_decide'; amountCents: number }

/** The facts a step reads. */
export type ClaimFacts = {
  status: ClaimStatus
  amountCents: number
  offerCents: number | null
  /** the last day the carrier may answer, `YYYY-MM-DD` (business day) */
  respondBy: string
}

/** What a step leads to: the next status, and the amount it settles (null: nothing settles). */
export type ClaimStep = { status: ClaimStatus; settleCents: number | null }

export type ClaimRefusalCode =
  | 'not_open'
  | 'response_window_closed'
  | 'response_window_open'
  | 'offer_too_large'
  | 'not_escalated'
  | 'amount_too_large'
  | 'no_offer'

export class ClaimStepRefused extends Error {
  constructor(
    public code: ClaimRefusalCode,
    message: string,
    public field: string | null = null
  ) {
    super(message)
  }
}

/** Whether a business day `today` is on or before `lastDay` (both `YYYY-MM-DD`). */
function onOrBefore(today: string, lastDay: string) {
  return today <= lastDay
}

/** The last business day a carrier may answer a claim filed on `filedOn`. */
export function respondByOf(filedOn: string): string {
  return DateTime.fromISO(filedOn, { zone: 'utc' }).plus({ days: CLAIM_RESPONSE_DAYS }).toISODate()!
}

/** The last business day a claim may be filed on a booking delivered on `deliveredOn`. */
export function lastFilingDayOf(deliveredOn: string): string {
  return DateTime.fromISO(deliveredOn, { zone: 'utc' })
    .plus({ months: CLAIM_FILING_MONTHS })
    .toISODate()!
}

/** The business day a delivery instant falls on. */
export function businessDayOf(moment: DateTime): string {
  return moment.setZone(BUSINESS_TIME_ZONE).toISODate()!
}

/** Whether a claim may still be filed today on a booking delivered on `deliveredOn`. */
export function withinFilingWindow(deliveredOn: string, today: string): boolean {
  return today >= deliveredOn && onOrBefore(today, lastFilingDayOf(deliveredOn))
}

/** The most a claim may ask: the declared cargo value when the booking has one, else the limit. */
export function claimCeilingCents(declaredValueCents: number | null): number {
  return declaredValueCents !== null && declaredValueCents > 0
    ? declaredValueCents
    : CLAIM_LIABILITY_LIMIT_CENTS
}

/**
 * The state machine: what `action` does to a claim on business day `today`, or a refusal.
 * - The carrier answers a `filed` claim while its window is open (through `respondBy`):
 *   accept (settles the amount asked), offer part (less than asked, more than nothing) or
 *   decline.
 * - The shipper accepts an offer (settles the offer) or a decline (closes it), or escalates an
 *   offer, a decline, or a claim the carrier left unanswered past its window.
 * - An admin decides an escalated claim: any amount up to the one asked; nothing closes it.
 */
export function stepOf(claim: ClaimFacts, action: ClaimAction, today: string): ClaimStep {
  if (isFinal(claim.status)) {
    throw new ClaimStepRefused('not_open', 'This claim is already resolved')
  }
  switch (action.kind) {
    case 'carrier_accept':
    case 'carrier_offer':
    case 'carrier_decline': {
      if (claim.status !== 'filed') {
        throw new ClaimStepRefused('not_open', 'This claim has already been answered')
      }
      if (!onOrBefore(today, claim.respondBy)) {
        throw new ClaimStepRefused(
          'response_window_closed',
          `The ${CLAIM_RESPONSE_DAYS}-day window to answer this claim closed on ${claim.respondBy}`
        )
      }
      if (action.kind === 'carrier_accept') {
        return { status: 'settled', settleCents: claim.amountCents }
      }
      if (action.kind === 'carrier_decline') return { status: 'declined', settleCents: null }
      if (action.offerCents >= claim.amountCents) {
        throw new ClaimStepRefused(
          'offer_too_large',
          'An offer must be less than the amount claimed (accept the claim instead)',
          'offerCents'
        )
      }
      return { status: 'offered', settleCents: null }
    }
    case 'shipper_accept': {
      if (claim.status === 'offered') {
        if (claim.offerCents === null) throw new ClaimStepRefused('no_offer', 'No offer to accept')
        return { status: 'settled', settleCents: claim.offerCents }
      }
      if (claim.status === 'declined') return { status: 'closed', settleCents: null }
      throw new ClaimStepRefused('not_open', 'There is no answer from the carrier to accept yet')
    }
    case 'shipper_escalate': {
      if (claim.status === 'offered' || claim.status === 'declined') {
        return { status: 'escalated', settleCents: null }
      }
      if (claim.status === 'filed') {
        if (onOrBefore(today, claim.respondBy)) {
          throw new ClaimStepRefused(
            'response_window_open',
            `The carrier has until ${claim.respondBy} to answer; escalate after that or once it answers`
          )
        }
        return { status: 'escalated', settleCents: null }
      }
      throw new ClaimStepRefused('not_open', 'This claim is already with an admin')
    }
    case 'admin_decide': {
      if (claim.status !== 'escalated') {
        throw new ClaimStepRefused(
          'not_escalated',
          'Only an escalated claim is decided by an admin'
        )
      }
      if (action.amountCents > claim.amountCents) {
        throw new ClaimStepRefused(
          'amount_too_large',
          'The decision cannot award more than the amount claimed',
          'amountCents'
        )
      }
      return action.amountCents > 0
        ? { status: 'settled', settleCents: action.amountCents }
        : { status: 'closed', settleCents: null }
    }
  }
}

/**
 * Where a settlement's money comes from (docs/decisions/0233). A claim that holds the payout
 * (filed before its release) is refunded to the shipper's card out of the carrier's payout, up
 * to the payout the carrier would be transferred (its share less any quick-pay fee); anything
 * beyond is a recovery the platform records against the carrier. A claim filed after the release
 * is all recovery.
 */
export function settlementSplit(
  settleCents: number,
  payoutHeld: boolean,
  carrierPayoutCents: number
): { refundCents: number; recoveryCents: number } {
  const refundCents = payoutHeld ? Math.min(settleCents, Math.max(0, carrierPayoutCents)) : 0
  return { refundCents, recoveryCents: settleCents - refundCents }
}
