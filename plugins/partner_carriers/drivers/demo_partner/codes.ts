/**
 * The demo partner's tracking status codes, in the three-letter style LTL carriers use.
 * The driver tells what each means (`demoMilestoneType`), so no other plugin reads this list.
 */
import type { MilestoneType } from '../../types.js'

export const DEMO_PARTNER_CODES = {
  PUP: 'Picked up',
  DEP: 'Departed origin terminal',
  DLY: 'Delayed: weather on the route',
  ARR: 'Arrived at destination terminal',
  OFD: 'Out for delivery',
  DEL: 'Delivered',
  CAN: 'Shipment cancelled',
} as const

export type DemoPartnerCode = keyof typeof DEMO_PARTNER_CODES

/** Typed by the code list, so a new demo partner code fails to compile until it is read. */
const DEMO_PARTNER_TYPES: Record<DemoPartnerCode, MilestoneType> = {
  PUP: 'PU',
  DEP: 'LINEHAUL_DEPART',
  DLY: 'EXCEPTION',
  ARR: 'LINEHAUL_ARRIVE',
  OFD: 'OFD',
  DEL: 'DELIVERED',
  // A cancellation ends tracking; it is no transit exception.
  CAN: 'OTHER',
}

/** What a demo partner code means; a code it does not send is `OTHER`. */
export function demoMilestoneType(code: string): MilestoneType {
  return Object.hasOwn(DEMO_PARTNER_TYPES, code)
    ? DEMO_PARTNER_TYPES[code as DemoPartnerCode]
    : 'OTHER'
}
