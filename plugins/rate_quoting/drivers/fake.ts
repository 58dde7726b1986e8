import type { QuoteInput, QuoteResult, RateQuotingDriver } from '../types.js'
import { etaHours } from './lane_model_math.js'

/** A fixed rate per mile, for tests that need a quote but not the model. */
export class FakeRateQuotingDriver implements RateQuotingDriver {
  quotes: QuoteInput[] = []

  constructor(private centsPerMile = 300) {}

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
}
