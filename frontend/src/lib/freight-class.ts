// Freight density and the NMFC 2025 class: the very function the server stores a load's class
// with, shared through contract/ (docs/decisions/0228), so the form's preview cannot drift.
export {
  freightClassOf,
  HAZARD_CLASS_PATTERN,
  PACKAGING_TYPES,
  UN_NUMBER_PATTERN,
  type FreightClass,
  type PackagingType,
} from '../../../contract/freight_class'
