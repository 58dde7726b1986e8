/**
 * The rate quoting contract: what a load on a lane should cost. A driver gets the lane, the
 * freight and whatever history and fuel figures the app has (passed in, so drivers stay pure)
 * and answers a low / mid / high range in cents with what it rests on (`quote`), or a list of
 * priced carrier quotes with line items (`rateShipment`), or both.
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
  /**
   * the sample's pallets, when the history says: the model restates the price for the quoted
   * load's pallets (docs/decisions/0176)
   */
  pallets?: number | null
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

/*
 * Carrier quotes: the TMS rate comparison asks each configured driver for priced quotes on one
 * shipment (docs/decisions/0070). Amounts are integer cents in USD; drivers never read the
 * clock, the database or the network: the app passes `now`, the fuel rows, the accessorial
 * price list, the lane history and the carriers' measured on-time records.
 */

/** A service a carrier sells: tariff transit, the same with a money-back guarantee, exclusive use. */
export type ServiceLevel = 'STANDARD' | 'GUARANTEED' | 'EXPEDITED'

/** Handling-unit dimensions in inches (one pallet). */
export type Dims = { l: number; w: number; h: number }

/** One row of accessorials_master, its price converted to cents by the app. */
export type AccessorialPrice = { code: string; description: string; defaultPriceCents: number }

/** A carrier's measured delivery record: shipments delivered on time out of those delivered. */
export type OnTimeRecord = { onTime: number; total: number }

export type ShipmentRateInput = {
  origin: QuotePoint
  destination: QuotePoint
  /** road miles (`#core/geo` roadMiles), at most two decimals */
  distanceMiles: number
  mode: FreightMode
  weightLbs: number
  /** handling units; absent: one standard pallet per started 1,000 lb (0070) */
  pallets?: number
  /** one pallet's dimensions; absent: 48 x 40 x 60 in, the post-load form's default */
  dims?: Dims
  /** absent: VAN, the TMS rate form has no equipment field */
  equipment?: Equipment
  /** `YYYY-MM-DD`; null: the calendar date written in `now` */
  pickupDate: string | null
  /** ISO 8601 instant the quotes are asked for; validity counts from it */
  now: string
  fuel: FuelRow[]
  /** the accessorials_master price list */
  accessorials: AccessorialPrice[]
  /** codes of accessorials_master the shipper asks for; each charged once */
  requestedAccessorials?: string[]
  /** the platform's priced history, for lane_model (partners ignore it) */
  history: LaneSample[]
  /** carrierKey to its measured on-time record; a carrier without one gets the prior (0070) */
  reliability: Record<string, OnTimeRecord>
}

/**
 * Line item codes besides the accessorials_master codes (LIFTGATE, RESIDENTIAL, ...):
 * LINEHAUL the line haul (after any tariff minimum), DISCOUNT the tariff discount (negative),
 * FSC the fuel surcharge, GUARANTEED the guaranteed-service fee, TEAM the team-driver premium.
 */
export type ChargeCode = 'LINEHAUL' | 'DISCOUNT' | 'FSC' | 'GUARANTEED' | 'TEAM'

export type QuoteLineItem = {
  /** a ChargeCode or an accessorials_master code */
  code: ChargeCode | (string & {})
  description: string
  /** rounded once, half up; only DISCOUNT is negative */
  amountCents: number
}

export type CarrierQuote = {
  /** display name */
  carrier: string
  /** stable key, the key of `ShipmentRateInput.reliability` */
  carrierKey: string
  mode: FreightMode
  serviceLevel: ServiceLevel
  /** whole days from pickup to delivery, at least 1 */
  transitDays: number
  /** on-time fraction, 0..1: the measured record blended with the prior (0070) */
  reliability: number
  /** the sum of the line items, to the cent */
  totalCents: number
  lineItems: QuoteLineItem[]
  /** ISO 8601 instant the price stops being honoured: `now` plus the driver's window */
  validUntil: string
  /** the id a partner would issue: deterministic from the request hash, carrier and service */
  partnerQuoteId: string
  currency: 'USD'
}

/** Recommends a low / mid / high range for a load (the freight board's rate estimate). */
export interface RateRecommender {
  quote(input: QuoteInput): Promise<QuoteResult>
}

/**
 * Prices one shipment as a carrier would: one quote per service level it sells for the mode,
 * none when it does not serve the mode, the weight, or a requested accessorial. An invalid
 * input (no weight, an unknown accessorial code) is a RangeError, never a guessed price.
 */
export interface ShipmentRater {
  rateShipment(input: ShipmentRateInput): Promise<CarrierQuote[]>
}

/** A driver offers one capability or both: lane_model both, the partners rateShipment only. */
export type RateQuotingDriver = RateRecommender | ShipmentRater
