/**
 * The rate quoting contract: what a load on a lane should cost. A driver gets the lane, the
 * freight and whatever history and fuel figures the app has (passed in, so drivers stay pure)
 * and answers a low / mid / high range in cents with what it rests on.
 */
export type Equipment = 'VAN' | 'REEFER' | 'FLATBED' | 'BOX' | 'SPRINTER'
export type FreightMode = 'TL' | 'LTL' | 'EXP'

export type QuotePoint = { postal: string; lat: number; lng: number; state: string }

/** One priced shipment of the platform's own history. */
export type LaneSample = {
  originPostal: string
  destPostal: string
  originState: string
  destState: string
  /** null when the history does not say (matches any equipment) */
  equipment: Equipment | null
  /** null when the history does not say (matches any mode) */
  mode: FreightMode | null
  /** dollars per pallet per mile */
  pricePerPalletMile: number
}

/** A weekly fuel index row: the surcharge percent in force from `indexDate`. */
export type FuelRow = { indexDate: string; fscPct: number; dieselPrice: number | null }

export type QuoteInput = {
  origin: QuotePoint
  destination: QuotePoint
  distanceMiles: number
  equipment: Equipment
  mode: FreightMode
  pallets: number
  weightLbs: number
  dims: { l: number; w: number; h: number }
  /** `YYYY-MM-DD`; null means today's fuel row, i.e. the latest */
  pickupDate: string | null
  history: LaneSample[]
  fuel: FuelRow[]
}

export type Confidence = 'high' | 'medium' | 'low'
export type QuoteScope = 'zip3' | 'state' | 'region'

export type QuoteResult = {
  lowCents: number
  midCents: number
  highCents: number
  etaHours: number
  sampleSize: number
  confidence: Confidence
  basis: {
    method: 'lane_history' | 'cost_model'
    scope: QuoteScope | null
    description: string
    fuelIndexDate: string | null
  }
}

export interface RateQuotingDriver {
  quote(input: QuoteInput): Promise<QuoteResult>
}
