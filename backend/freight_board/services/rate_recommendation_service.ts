import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import rateQuoting from '#plugins/rate_quoting/services/main'
import type { FuelRow, LaneSample, QuoteResult } from '#plugins/rate_quoting/main'
import {
  CENSUS_REGIONS,
  perPalletMileCents,
  regionOf,
} from '#plugins/rate_quoting/drivers/lane_model_math'
import LaneHistoryService from '#marketplace/services/lane_history_service'
import { fromCents } from '#core/money'
import { LOAD_DEFAULTS } from '#core/load_rules'
import FreightListing from '#freight_board/models/freight_listing'
import type { PlacedLoad } from '#freight_board/services/load_form'

export type RateRecommendation = {
  low: number
  mid: number
  high: number
  distance_miles: number
  eta_hours: number
  /** the mid per pallet per mile, the figure that compares loads of any size and length */
  per_pallet_mile: number
  pallets: number
  equipment: PlacedLoad['equipment']
  mode: PlacedLoad['mode']
  sample_size: number
  confidence: QuoteResult['confidence']
  basis: {
    method: QuoteResult['basis']['method']
    scope: QuoteResult['basis']['scope']
    description: string
    fuel_index_date: string | null
  }
}

/** The states of a state's census region (the widest lane the model looks at). */
function regionStates(state: string): string[] {
  const region = regionOf(state)
  return region ? CENSUS_REGIONS[region] : [state]
}

/**
 * Asks the rate_quoting plugin for a load's range, handing it the platform's own priced
 * history on the lane's regions (marketplace bookings and claimed freight-board loads) and the
 * weekly fuel index, so the plugin stays pure.
 */
@inject()
export default class RateRecommendationService {
  constructor(private laneHistory: LaneHistoryService) {}

  async recommend(load: PlacedLoad): Promise<RateRecommendation> {
    const originStates = regionStates(load.origin.state)
    const destStates = regionStates(load.destination.state)
    const [bookings, claimed, fuel] = await Promise.all([
      this.laneHistory.samples(originStates, destStates),
      this.claimedLoads(originStates, destStates),
      this.fuelRows(),
    ])
    const history: LaneSample[] = [
      ...bookings.map((b) => ({ ...b, mode: 'TL' as const })),
      ...claimed,
    ]
    const result = await rateQuoting.quote({
      origin: load.origin,
      destination: load.destination,
      distanceMiles: load.distanceMiles,
      equipment: load.equipment,
      mode: load.mode,
      pallets: load.pallets,
      weightLbs: load.weightLbs,
      dims: load.dims,
      pickupDate: load.pickupDay,
      history,
      fuel,
    })
    return {
      low: fromCents(result.lowCents),
      mid: fromCents(result.midCents),
      high: fromCents(result.highCents),
      distance_miles: load.distanceMiles,
      per_pallet_mile: fromCents(
        perPalletMileCents(result.midCents, load.pallets, load.distanceMiles)
      ),
      pallets: load.pallets,
      equipment: load.equipment,
      mode: load.mode,
      eta_hours: result.etaHours,
      sample_size: result.sampleSize,
      confidence: result.confidence,
      basis: {
        method: result.basis.method,
        scope: result.basis.scope,
        description: result.basis.description,
        fuel_index_date: result.basis.fuelIndexDate,
      },
    }
  }

  /** Claimed loads between the regions, newest first, as prices per pallet-mile with their pallets. */
  private async claimedLoads(originStates: string[], destStates: string[]): Promise<LaneSample[]> {
    const rows = await FreightListing.query()
      .where('status', 'CLAIMED')
      .whereIn('originState', originStates)
      .whereIn('destState', destStates)
      .where('distanceMiles', '>', 0)
      .where('priceCents', '>', 0)
      .orderBy('claimedAt', 'desc')
      .limit(5000)
    return rows.map((row) => ({
      originPostal: row.originPostal,
      destPostal: row.destPostal,
      originState: row.originState,
      destState: row.destState,
      equipment: row.equipment,
      mode: row.mode,
      pricePerPalletMile:
        row.priceCents! / 100 / ((row.pallets ?? LOAD_DEFAULTS.pallets) * row.distanceMiles!),
      pallets: row.pallets ?? LOAD_DEFAULTS.pallets,
    }))
  }

  /** The weekly fuel index (finance's reference table, read only; its percent is stored). */
  private async fuelRows(): Promise<FuelRow[]> {
    const rows = await db
      .from('fuel_indices')
      .select('index_date', 'fsc_pct', 'diesel_price')
      .orderBy('index_date', 'asc')
    return rows.map((row) => ({
      indexDate: dayOf(row.index_date),
      fscPct: Number(row.fsc_pct),
      dieselPrice: row.diesel_price === null ? null : Number(row.diesel_price),
    }))
  }
}

/** A date column as `YYYY-MM-DD` whichever way the driver returns it. */
function dayOf(value: unknown): string {
  if (value instanceof Date) {
    const y = value.getFullYear()
    const m = String(value.getMonth() + 1).padStart(2, '0')
    const d = String(value.getDate()).padStart(2, '0')
    return `${y}-${m}-${d}`
  }
  return String(value).slice(0, 10)
}
