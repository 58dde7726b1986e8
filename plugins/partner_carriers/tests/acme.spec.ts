import { AcmeLtlDriver, acmeTransport } from './acme/driver.js'
import { AcmeStandIn } from './acme/stand_in.js'
import { partnerCarrierContract } from './contract.js'

// docs/plugins.md "Adding a partner", step 4: the contract suite against a local stand-in.
partnerCarrierContract('acme_ltl (a partner with its own API and clock)', async () => {
  const standIn = new AcmeStandIn()
  return {
    driver: new AcmeLtlDriver(acmeTransport(standIn, 'acme-test-key')),
    expiredQuoteId: 'ACME-EXPIRED',
    unavailable: () => new AcmeLtlDriver(acmeTransport(standIn, 'acme-test-key', { down: true })),
    // Acme ignores `now`: its stand-in is told, and the present is passed from then on.
    pickUp: async (shipment) => {
      standIn.pickUp(shipment.partnerShipmentId)
      return new Date()
    },
  }
})
