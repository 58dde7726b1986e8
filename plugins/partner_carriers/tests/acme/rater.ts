/**
 * Acme LTL's rating side (docs/plugins.md "Adding a partner", step 2): a rate_quoting
 * `ShipmentRater` whose quote numbers come from Acme (here its stand-in), so the partner driver
 * books exactly what Acme priced. LTL only: $1.90 a mile, at least $150, plus the platform's
 * fuel percent; valid 48 hours.
 */
import type { CarrierQuote, ShipmentRateInput, ShipmentRater } from '../../../rate_quoting/main.js'
import type { AcmeStandIn } from './stand_in.js'

export class AcmeLtlRater implements ShipmentRater {
  constructor(private standIn: AcmeStandIn) {}

  async rateShipment(input: ShipmentRateInput): Promise<CarrierQuote[]> {
    if (!(input.weightLbs > 0) || !(input.distanceMiles > 0)) throw new RangeError('weight')
    if (input.mode !== 'LTL') return []
    const linehaul = Math.max(15_000, Math.round(input.distanceMiles * 190))
    const fscPct = input.fuel.at(-1)?.fscPct ?? 0
    const fsc = Math.round((linehaul * fscPct) / 100)
    const now = Date.parse(input.now)
    if (Number.isNaN(now)) throw new RangeError('now')
    const record = input.reliability.acme ?? { onTime: 0, total: 0 }
    return [
      {
        carrier: 'Acme LTL',
        carrierKey: 'acme',
        mode: 'LTL',
        serviceLevel: 'STANDARD',
        transitDays: Math.max(1, Math.ceil(input.distanceMiles / 450)),
        reliability: (record.onTime + 0.9 * 20) / (record.total + 20),
        totalCents: linehaul + fsc,
        lineItems: [
          { code: 'LINEHAUL', description: 'Acme line haul', amountCents: linehaul },
          { code: 'FSC', description: `Fuel surcharge ${fscPct} %`, amountCents: fsc },
        ],
        validUntil: new Date(now + 48 * 3_600_000).toISOString(),
        partnerQuoteId: this.standIn.issueQuote(
          JSON.stringify([input.origin.postal, input.destination.postal, input.weightLbs, now])
        ),
        currency: 'USD',
      },
    ]
  }
}
