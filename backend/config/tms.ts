/**
 * The TMS rate comparison and partner booking (docs/decisions/0082).
 */
import { partnerCarriersDriver } from '#config/partner_carriers'

const tmsConfig = {
  /** How long one rating provider may take before the comparison answers without it. */
  quoteTimeoutMs: 3_000,
  /**
   * How long a whole comparison answer is reused for the same user and shipment (never beyond
   * the earliest quote's validity; only answers where every provider answered are kept).
   */
  quoteCacheSeconds: 600,
  /**
   * Which partner_carriers driver books the quotes of a rate_quoting comparison driver, where
   * it is not the partner driver of the same name (docs/decisions/0180, docs/plugins.md
   * "Adding a partner"). `bookingPartnerOf` in #tms/services/quote_math reads it: a rating
   * driver listed here is booked by the driver named; one that is not is booked by the partner
   * driver registered under its own name; with neither (lane_model: the marketplace's own
   * carriers) its quotes are not booked from the TMS. The two simulated rating drivers price
   * for the demo partner, which books them; with PARTNER_CARRIERS_DRIVER=none nothing is booked.
   */
  bookWith: (partnerCarriersDriver === 'demo_partner'
    ? { ltl_partner: 'demo_partner', expedite_partner: 'demo_partner' }
    : {}) as Record<string, string>,
}

export type TmsConfig = typeof tmsConfig
export default tmsConfig
