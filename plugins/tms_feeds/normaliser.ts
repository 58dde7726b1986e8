/**
 * One table per source of codes, mapping each code to a normalised milestone type. The raw
 * code always travels with the event; a code no table knows becomes `OTHER` with no
 * description of its own, so the screens show it in the default look with the source's words.
 */
import type { PartnerMilestone } from '../partner_carriers/types.js'
import {
  DEMO_PARTNER_CODES,
  type DemoPartnerCode,
} from '../partner_carriers/drivers/demo_partner/codes.js'
import type { CodeSet, FeedEvent, FeedEventType, FeedLocation } from './types.js'

export type CodeEntry = { type: FeedEventType; description: string }

/** The simulator's own codes (drivers/simulator.ts). */
export const SIMULATOR_CODES = {
  PICKED_UP: { type: 'PU', description: 'Picked up' },
  DEPARTED: { type: 'LINEHAUL_DEPART', description: 'Departed on the line haul' },
  POSITION: { type: 'IN_TRANSIT', description: 'In transit' },
  ARRIVED: { type: 'LINEHAUL_ARRIVE', description: 'Arrived at the destination terminal' },
  OUT_FOR_DELIVERY: { type: 'OFD', description: 'Out for delivery' },
  DELIVERED: { type: 'DELIVERED', description: 'Delivered' },
} as const satisfies Record<string, CodeEntry>

export type SimulatorCode = keyof typeof SIMULATOR_CODES

/** Typed by the partner's code list, so a new demo partner code fails to compile until mapped. */
const DEMO_PARTNER_TYPES: Record<DemoPartnerCode, FeedEventType> = {
  PUP: 'PU',
  DEP: 'LINEHAUL_DEPART',
  DLY: 'EXCEPTION',
  ARR: 'LINEHAUL_ARRIVE',
  OFD: 'OFD',
  DEL: 'DELIVERED',
  // A cancellation ends tracking; it is no transit exception.
  CAN: 'OTHER',
}

/**
 * X12 214 shipment status codes (AT7-01, element 1650) that carriers commonly send, with the
 * standard's descriptions. Arrivals at a stop and estimates have no milestone of their own and
 * stay `OTHER`: an arrival at pickup is not a pickup, and only D1 says the freight is off.
 */
export const EDI_214_CODES: Record<string, CodeEntry> = {
  X3: { type: 'OTHER', description: 'Arrived at Pick-up Location' },
  X8: { type: 'OTHER', description: 'Arrived at Pick-up Location Loading Dock' },
  AM: { type: 'PU', description: 'Loaded on Truck' },
  CP: { type: 'PU', description: 'Completed Loading at Pick-up Location' },
  AF: { type: 'PU', description: 'Carrier Departed Pick-up Location with Shipment' },
  P1: { type: 'LINEHAUL_DEPART', description: 'Departed Terminal Location' },
  X4: { type: 'LINEHAUL_ARRIVE', description: 'Arrived at Terminal Location' },
  // LTL carriers send X6 when the truck leaves the terminal for the consignee.
  X6: { type: 'OFD', description: 'En Route to Delivery Location' },
  X1: { type: 'OTHER', description: 'Arrived at Delivery Location' },
  X2: {
    type: 'OTHER',
    description: "Estimated Date and/or Time of Arrival at Consignee's Location",
  },
  AG: { type: 'OTHER', description: 'Estimated Delivery' },
  D1: { type: 'DELIVERED', description: 'Completed Unloading at Delivery Location' },
  SD: { type: 'EXCEPTION', description: 'Shipment Delayed' },
  A9: { type: 'EXCEPTION', description: 'Shipment Damaged' },
  A7: { type: 'EXCEPTION', description: 'Refused by Consignee' },
  AH: { type: 'EXCEPTION', description: 'Attempted Delivery' },
  AP: { type: 'EXCEPTION', description: 'Delivery Not Completed' },
  A3: { type: 'EXCEPTION', description: 'Shipment Returned to Shipper' },
  CA: { type: 'OTHER', description: 'Shipment Cancelled' },
}

export const CODE_TABLES: Record<CodeSet, Record<string, CodeEntry>> = {
  simulator: SIMULATOR_CODES,
  demo_partner: Object.fromEntries(
    Object.entries(DEMO_PARTNER_TYPES).map(([code, type]) => [
      code,
      { type, description: DEMO_PARTNER_CODES[code as DemoPartnerCode] },
    ])
  ),
  edi214: EDI_214_CODES,
}

/** The type and standard words of a code; codes are matched trimmed and in capitals. */
export function normaliseCode(
  codeSet: CodeSet,
  code: string
): { type: FeedEventType; description: string | null } {
  const entry = Object.hasOwn(CODE_TABLES[codeSet], code.trim().toUpperCase())
    ? CODE_TABLES[codeSet][code.trim().toUpperCase()]
    : null
  return entry ?? { type: 'OTHER', description: null }
}

export type SourceEvent = {
  /** who sent it: the id prefix, e.g. `sim`, a provider name */
  source: string
  /** the source's id of the event */
  sourceId: string
  codeSet: CodeSet
  code: string
  description?: string | null
  /** anything `Date` parses; stored as ISO 8601 UTC */
  time: string | Date
  location?: FeedLocation | null
  raw: unknown
}

export function normaliseEvent(event: SourceEvent): FeedEvent {
  const known = normaliseCode(event.codeSet, event.code)
  const description = event.description?.trim() || known.description
  return {
    id: `${event.source}:${event.sourceId}`,
    type: known.type,
    code: event.code,
    codeSet: event.codeSet,
    description: description || null,
    eventTime: new Date(event.time).toISOString(),
    location: event.location ?? null,
    raw: event.raw,
  }
}

/** A partner carrier's tracking event (plugins/partner_carriers `track()`) as a feed event. */
export function fromPartnerMilestone(
  provider: string,
  codeSet: CodeSet,
  milestone: PartnerMilestone
): FeedEvent {
  const hasPoint = milestone.lat !== undefined && milestone.lng !== undefined
  return normaliseEvent({
    source: provider,
    sourceId: milestone.eventId,
    codeSet,
    code: milestone.code,
    description: milestone.description,
    time: milestone.eventTime,
    location: hasPoint
      ? {
          lat: milestone.lat!,
          lng: milestone.lng!,
          city: milestone.city ?? null,
          state: milestone.state ?? null,
        }
      : null,
    raw: milestone,
  })
}
