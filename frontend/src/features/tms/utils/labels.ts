/** How the TMS screens name the API's codes; modes by the one shared set (docs/decisions/0173). */
import { MODE_LABELS } from '@/config/freight-labels'

export { modeLabel } from '@/config/freight-labels'

export const MODE_OPTIONS = (['LTL', 'TL', 'EXP'] as const).map((value) => ({
  value,
  label: MODE_LABELS[value],
}))

const SERVICE_LEVELS: Record<string, string> = {
  STANDARD: 'Standard',
  GUARANTEED: 'Guaranteed',
  EXPEDITED: 'Expedited',
}

export const serviceLevelLabel = (level: string) => SERVICE_LEVELS[level] ?? level

const PROVIDERS: Record<string, string> = {
  lane_model: 'PalletLine Network',
  ltl_partner: 'LTL partner',
  expedite_partner: 'Expedited partner',
}

export const providerLabel = (provider: string) => PROVIDERS[provider] ?? provider

/** The marketplace's own carriers: booked from Search, not through the TMS (API 422). */
export const isNetworkQuote = (provider: string) => provider === 'lane_model'

const LINE_ITEMS: Record<string, string> = {
  LINEHAUL: 'Line haul',
  DISCOUNT: 'Discount',
  FSC: 'Fuel surcharge',
  GUARANTEED: 'Guaranteed service',
  TEAM: 'Team drivers',
}

/** `FSC` -> `Fuel surcharge (FSC)`; an accessorial code stays as sent. */
export function lineItemLabel(code: string): string {
  const name = LINE_ITEMS[code]
  return name ? `${name} (${code})` : code
}

export const DOCUMENT_TYPES = [
  { value: 'BOL', label: 'Bill of lading' },
  { value: 'INVOICE', label: 'Invoice' },
  { value: 'RATE_CONFIRMATION', label: 'Rate confirmation' },
  { value: 'POD', label: 'Proof of delivery' },
  { value: 'SIGNED_BOL', label: 'Signed BOL' },
  { value: 'WEIGHT_TICKET', label: 'Weight ticket' },
  { value: 'LUMPER_RECEIPT', label: 'Lumper receipt' },
  { value: 'OTHER', label: 'Other' },
] as const

export function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPES.find((t) => t.value === type)?.label ?? type
}
