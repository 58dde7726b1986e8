/**
 * What a load's freight is, beyond its pallets, weight and size (docs/decisions/0228): the
 * commodity, its pieces and packaging, who receives it, whether it is hazardous, and the
 * density and NMFC class the server computes from the weight and the handling units' size. The
 * freight board stores it on a load and marketplace on the booking a claim makes, so both read
 * this one shape; the class comes from contract/freight_class.ts, the function the Post a Load
 * form previews with.
 */
import {
  freightClassOf,
  type FreightClass,
  type PackagingType,
  type UnitDims,
} from '../../contract/freight_class.js'
import { LOAD_DEFAULTS } from '#core/load_rules'

export type Hazmat = { unNumber: string; hazardClass: string }

export type FreightDetails = {
  commodity: string | null
  pieces: number | null
  packaging: PackagingType
  consignee: string | null
  /** null: not hazardous */
  hazmat: Hazmat | null
  /** pounds per cubic foot, to the hundredth */
  densityPcf: number
  freightClass: FreightClass
}

export const DEFAULT_PACKAGING: PackagingType = 'PALLET'

/** The details of a load as declared, with its density and class computed here, never taken. */
export function freightDetailsOf(input: {
  commodity?: string | null
  pieces?: number | null
  packaging?: PackagingType | null
  consignee?: string | null
  hazmat: Hazmat | null
  weightLbs: number
  handlingUnits: number
  dims: UnitDims
}): FreightDetails {
  const { densityPcf, freightClass } = freightClassOf(
    input.weightLbs,
    input.handlingUnits,
    input.dims
  )
  return {
    commodity: input.commodity || null,
    pieces: input.pieces ?? null,
    packaging: input.packaging ?? DEFAULT_PACKAGING,
    consignee: input.consignee || null,
    hazmat: input.hazmat,
    densityPcf,
    freightClass,
  }
}

/** "UN1993, class 3": the hazmat line of a bill of lading or a load card. */
export function hazmatLine(hazmat: Hazmat | null): string {
  return hazmat ? `${hazmat.unNumber}, hazard class ${hazmat.hazardClass}` : 'No'
}

/** A booking's `freight` object as validated (#core/freight_rules' `bookingFreightInput`). */
export type BookingFreightInput = {
  commodity?: string | null
  pieces?: number | null
  packaging?: PackagingType | null
  consignee?: string | null
  dims?: { l?: number | null; w?: number | null; h?: number | null } | null
  hazmat?: Hazmat | null
}

/**
 * The freight of an instant or a partner booking (docs/decisions/0257): as declared, with the
 * density and class computed from the booking's weight and pallets (its handling units) and the
 * declared size of one unit, a dimension not given being the default load's (decision 0201).
 */
export function bookingFreightOf(
  input: BookingFreightInput | null | undefined,
  shipment: { weightLbs: number; pallets: number }
): FreightDetails {
  const dims = {
    l: input?.dims?.l ?? LOAD_DEFAULTS.dims.l,
    w: input?.dims?.w ?? LOAD_DEFAULTS.dims.w,
    h: input?.dims?.h ?? LOAD_DEFAULTS.dims.h,
  }
  return freightDetailsOf({
    commodity: input?.commodity,
    pieces: input?.pieces,
    packaging: input?.packaging,
    consignee: input?.consignee,
    hazmat: input?.hazmat ?? null,
    weightLbs: shipment.weightLbs,
    handlingUnits: shipment.pallets,
    dims,
  })
}

/** A booking's freight as the API names it (ShipperBooking.freight, docs/decisions/0257). */
export function presentBookingFreight(details: FreightDetails | null) {
  if (!details) return null
  return {
    commodity: details.commodity,
    pieces: details.pieces,
    packaging: details.packaging,
    consignee: details.consignee,
    hazmat: details.hazmat
      ? { unNumber: details.hazmat.unNumber, hazardClass: details.hazmat.hazardClass }
      : null,
    densityPcf: details.densityPcf,
    freightClass: details.freightClass,
  }
}
