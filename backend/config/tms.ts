/**
 * The TMS rate comparison and partner booking (docs/decisions/0082).
 */
const tmsConfig = {
  /** How long one rating provider may take before the comparison answers without it. */
  quoteTimeoutMs: 3_000,
  /**
   * How long a whole comparison answer is reused for the same user and shipment (never beyond
   * the earliest quote's validity; only answers where every provider answered are kept).
   */
  quoteCacheSeconds: 600,
  /**
   * Which partner_carriers driver books the quotes of a rate_quoting driver. A driver absent
   * here (lane_model: the marketplace's own carriers) is not booked from the TMS.
   */
  bookWith: {
    ltl_partner: 'demo_partner',
    expedite_partner: 'demo_partner',
  } as Record<string, string>,
}

export type TmsConfig = typeof tmsConfig
export default tmsConfig
