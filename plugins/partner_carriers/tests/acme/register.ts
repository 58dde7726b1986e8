/**
 * Registers Acme LTL with the booted app exactly as docs/plugins.md "Adding a partner" says a
 * driver that lives outside the plugin folders does (a package's provider, or this fixture):
 * the partner driver with partner_carriers, the rater with rate_quoting's comparison, both
 * under one name, so the TMS books Acme's quotes with Acme's driver (no bookWith entry).
 * Returns the stand-in and a function that removes both.
 */
import partnerCarriers from '../../services/main.js'
import rateQuoting from '../../../rate_quoting/services/main.js'
import { AcmeLtlDriver, acmeTransport } from './driver.js'
import { AcmeLtlRater } from './rater.js'
import { AcmeStandIn } from './stand_in.js'

export const ACME = 'acme_ltl'

export function registerAcme() {
  const standIn = new AcmeStandIn()
  partnerCarriers.extend(ACME, () => new AcmeLtlDriver(acmeTransport(standIn, 'acme-test-key')))
  rateQuoting.extend(ACME, () => new AcmeLtlRater(standIn), { comparison: true })
  return {
    standIn,
    forget() {
      partnerCarriers.forget(ACME)
      rateQuoting.forget(ACME)
    },
  }
}
