/**
 * The NMFC density scale: the freight class of a shipment rated on density alone. The scale
 * and its source live in contract/freight_class.ts, shared with the server and the Post a Load
 * form (docs/decisions/0070, 0228); classes 77.5, 110, 150, 200 and 500 exist in the NMFC but
 * are not outputs of this scale.
 */
export {
  densityClass,
  NMFC_DENSITY_SCALE,
  type FreightClass,
} from '../../../contract/freight_class.js'
