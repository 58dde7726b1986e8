import { defineConfig, drivers } from '#plugins/rate_quoting/main'
import { partnerCarriersDriver } from '#config/partner_carriers'

export default defineConfig({
  /** Answers the freight board's low / mid / high estimate (`quote()`). */
  default: 'lane_model',
  list: {
    lane_model: drivers.lane_model(),
    ltl_partner: drivers.ltl_partner(),
    expedite_partner: drivers.expedite_partner(),
  },
  /**
   * The drivers the TMS rate comparison (POST /api/tms/quotes) asks for carrier quotes, each
   * on its own with a timeout in the app; their quotes are listed in this order. The two
   * simulated partner tariffs price for the demo partner: with PARTNER_CARRIERS_DRIVER=none
   * (no partner to book them) the comparison is the lane model's alone.
   */
  comparison:
    partnerCarriersDriver === 'demo_partner'
      ? ['lane_model', 'ltl_partner', 'expedite_partner']
      : ['lane_model'],
})
