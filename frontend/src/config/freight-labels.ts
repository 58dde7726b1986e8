/**
 * The one set of display names for equipment and service modes (docs/decisions/0173). The
 * freight board's filters and cards, the post-load form, the featured loads, the TMS, the
 * carrier's trucks and the shipper's search results all name a code through this module, so a
 * box truck is "Box Truck" and TL is "Truckload" wherever a user reads it.
 */
import type { components } from '@/types/api'

type Schemas = components['schemas']

/** The freight board's equipment codes. */
export const EQUIPMENT_LABELS: Record<Schemas['Equipment'], string> = {
  VAN: 'Dry Van',
  REEFER: 'Reefer',
  FLATBED: 'Flatbed',
  BOX: 'Box Truck',
  SPRINTER: 'Sprinter',
}

/** A truck's type (fleet): the same words as the board's equipment for the same vehicle. */
export const TRUCK_TYPE_LABELS = {
  dry_van: EQUIPMENT_LABELS.VAN,
  flatbed: EQUIPMENT_LABELS.FLATBED,
  refrigerated: EQUIPMENT_LABELS.REEFER,
  box_truck: EQUIPMENT_LABELS.BOX,
} as const satisfies Record<string, string>

/** Service modes, on the board, the post-load form and the TMS alike. */
export const MODE_LABELS: Record<Schemas['FreightMode'], string> = {
  TL: 'Truckload',
  LTL: 'LTL',
  EXP: 'Expedited',
}

const humanize = (code: string) =>
  code
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')

/** A board equipment code or a truck type; an unknown code is shown readable, not raw. */
export function equipmentLabel(code: string | null | undefined): string {
  if (!code) return 'Not specified'
  return (
    (EQUIPMENT_LABELS as Record<string, string>)[code] ??
    (TRUCK_TYPE_LABELS as Record<string, string>)[code] ??
    humanize(code)
  )
}

/** A service mode code; an unknown one is shown as sent. */
export function modeLabel(code: string): string {
  return (MODE_LABELS as Record<string, string>)[code] ?? code
}
