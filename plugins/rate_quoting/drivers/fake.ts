import type {
  CarrierQuote,
  QuoteInput,
  QuoteResult,
  RateRecommender,
  ShipmentRateInput,
  ShipmentRater,
} from '../types.js'
import { etaHours, fuelRowFor } from './lane_model_math.js'
import {
  accessorialLines,
  carrierQuote,
  milesTimes,
  partnerQuoteIdOf,
  percentOf,
  reliabilityOf,
  shipmentOf,
  transitDaysOf,
  validUntilOf,
} from './shipment_math.js'

/**
 * A fixed rate per mile, for tests that need a quote but not the model. `rateShipment`
 * answers one STANDARD quote for any mode (line haul at the rate, the fuel row's surcharge,
 * the requested accessorials), and can be told to hang or fail so the app's timeouts and
 * error handling can be tested.
 */
export class FakeRateQuotingDriver implements RateRecommender, ShipmentRater {
  quotes: QuoteInput[] = []
  /** every rateShipment input, in order, including those that hang or fail */
  rated: ShipmentRateInput[] = []
  private hangMs = 0
  private failure: Error | null = null

  constructor(
    private centsPerMile = 300,
    readonly carrierKey = 'fake'
  ) {}

  async quote(input: QuoteInput): Promise<QuoteResult> {
    this.quotes.push(input)
    const midCents = Math.round(input.distanceMiles * this.centsPerMile)
    return {
      lowCents: Math.round(midCents * 0.9),
      midCents,
      highCents: Math.round(midCents * 1.1),
      etaHours: etaHours(input.distanceMiles, input.mode),
      sampleSize: 0,
      confidence: 'low',
      basis: {
        method: 'cost_model',
        scope: null,
        description: `Fake: $${(this.centsPerMile / 100).toFixed(2)} per mile`,
        fuelIndexDate: null,
      },
    }
  }

  /** Every later rateShipment answers after `ms`; Infinity never settles (and holds no timer). */
  hangFor(ms: number): this {
    this.hangMs = ms
    return this
  }

  /** Every later rateShipment rejects with `error`, as a partner's outage would. */
  failWith(error: Error): this {
    this.failure = error
    return this
  }

  /** Back to answering at once. */
  answerNormally(): this {
    this.hangMs = 0
    this.failure = null
    return this
  }

  async rateShipment(input: ShipmentRateInput): Promise<CarrierQuote[]> {
    this.rated.push(input)
    if (this.hangMs === Infinity) await new Promise(() => {})
    if (this.hangMs > 0) await new Promise((resolve) => setTimeout(resolve, this.hangMs))
    if (this.failure) throw this.failure

    const shipment = shipmentOf(input)
    const fuel = fuelRowFor(input.fuel, shipment.pickupDay)
    const lineHaulCents = milesTimes(shipment.distanceMiles, this.centsPerMile)
    return [
      carrierQuote({
        carrier: `Fake carrier (${this.carrierKey})`,
        carrierKey: this.carrierKey,
        mode: shipment.mode,
        serviceLevel: 'STANDARD',
        transitDays: transitDaysOf(etaHours(shipment.distanceMiles, shipment.mode)),
        reliability: reliabilityOf(input.reliability[this.carrierKey]),
        lineItems: [
          {
            code: 'LINEHAUL',
            description: `Fake: $${(this.centsPerMile / 100).toFixed(2)} per mile`,
            amountCents: lineHaulCents,
          },
          {
            code: 'FSC',
            description: `Fuel surcharge ${fuel?.fscPct ?? 0}%`,
            amountCents: percentOf(lineHaulCents, fuel?.fscPct ?? 0),
          },
          ...accessorialLines(shipment),
        ],
        validUntil: validUntilOf(shipment.now, 24),
        partnerQuoteId: partnerQuoteIdOf('FAKE', shipment, this.carrierKey, 'STANDARD'),
      }),
    ]
  }
}
