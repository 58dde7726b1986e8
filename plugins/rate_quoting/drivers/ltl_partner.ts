import type { CarrierQuote, ServiceLevel, ShipmentRateInput, ShipmentRater } from '../types.js'
import { fuelRowFor } from './lane_model_math.js'
import {
  LTL_CARRIER,
  LTL_NOT_PERFORMED,
  LTL_VALIDITY_HOURS,
  ltlLineItems,
  rateLtl,
} from './ltl_partner_tariff.js'
import {
  carrierQuote,
  partnerQuoteIdOf,
  performsAll,
  reliabilityOf,
  shipmentOf,
  validUntilOf,
} from './shipment_math.js'

const SERVICE_LEVELS: ServiceLevel[] = ['STANDARD', 'GUARANTEED']

/**
 * A simulated LTL partner, Lakeshore Freight LTL (tariff in ltl_partner_tariff.ts): standard
 * and guaranteed quotes for LTL shipments it rates, none for other modes. A real partner's
 * driver would put its rating API's answer through the same line items.
 */
export class LtlPartnerDriver implements ShipmentRater {
  async rateShipment(input: ShipmentRateInput): Promise<CarrierQuote[]> {
    const shipment = shipmentOf(input)
    if (!performsAll(shipment, LTL_NOT_PERFORMED)) return []
    const fuel = fuelRowFor(input.fuel, shipment.pickupDay)
    const rating = rateLtl(shipment, fuel)
    if (!rating) return []
    return SERVICE_LEVELS.map((serviceLevel) =>
      carrierQuote({
        carrier: LTL_CARRIER.name,
        carrierKey: LTL_CARRIER.key,
        mode: shipment.mode,
        serviceLevel,
        transitDays: rating.transitDays,
        reliability: reliabilityOf(input.reliability[LTL_CARRIER.key]),
        lineItems: ltlLineItems(shipment, rating, fuel, serviceLevel),
        validUntil: validUntilOf(shipment.now, LTL_VALIDITY_HOURS),
        partnerQuoteId: partnerQuoteIdOf(
          LTL_CARRIER.idPrefix,
          shipment,
          LTL_CARRIER.key,
          serviceLevel
        ),
      })
    )
  }
}
