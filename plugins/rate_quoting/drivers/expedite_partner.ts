import type { CarrierQuote, ShipmentRateInput, ShipmentRater } from '../types.js'
import {
  EXPEDITE_CARRIER,
  EXPEDITE_NOT_PERFORMED,
  EXPEDITE_VALIDITY_HOURS,
  rateExpedite,
} from './expedite_partner_tariff.js'
import { fuelRowFor } from './lane_model_math.js'
import {
  carrierQuote,
  partnerQuoteIdOf,
  performsAll,
  reliabilityOf,
  shipmentOf,
  validUntilOf,
} from './shipment_math.js'

/**
 * A simulated expedited partner, Crosstown Expedite (tariff in expedite_partner_tariff.ts):
 * one exclusive-use quote for expedited shipments a vehicle of its fleet carries, none
 * otherwise.
 */
export class ExpeditePartnerDriver implements ShipmentRater {
  async rateShipment(input: ShipmentRateInput): Promise<CarrierQuote[]> {
    const shipment = shipmentOf(input)
    if (!performsAll(shipment, EXPEDITE_NOT_PERFORMED)) return []
    const fuel = fuelRowFor(input.fuel, shipment.pickupDay)
    const rating = rateExpedite(shipment, fuel)
    if (!rating) return []
    return [
      carrierQuote({
        carrier: EXPEDITE_CARRIER.name,
        carrierKey: EXPEDITE_CARRIER.key,
        mode: shipment.mode,
        serviceLevel: 'EXPEDITED',
        transitDays: rating.transitDays,
        reliability: reliabilityOf(input.reliability[EXPEDITE_CARRIER.key]),
        lineItems: rating.lineItems,
        validUntil: validUntilOf(shipment.now, EXPEDITE_VALIDITY_HOURS),
        partnerQuoteId: partnerQuoteIdOf(
          EXPEDITE_CARRIER.idPrefix,
          shipment,
          EXPEDITE_CARRIER.key,
          'EXPEDITED'
        ),
      }),
    ]
  }
}
