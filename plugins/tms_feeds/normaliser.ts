/**
 * One table per source of codes, mapping each code to a normalised milestone type. The raw
 * code always travels with the event; a code no table knows becomes `OTHER` with no
 * description of its own, so the screens show it in the default look with the source's words.
 */
import type { PartnerMilestone } from '../partner_carriers/types.js'
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

/**
 * The codes the demo partner pushes to `POST /api/tms/feeds/demo_partner` (three letters, as
 * LTL carriers send them). A push code set is this plugin's data, like EDI 214's: it describes
 * what a source sends; nothing here reads a partner driver. Events the app pulls with a partner
 * driver's `track()` need no table: the driver says what each means (`PartnerMilestone.type`).
 */
export const DEMO_PARTNER_PUSH_CODES: Record<string, CodeEntry> = {
  PUP: { type: 'PU', description: 'Picked up' },
  DEP: { type: 'LINEHAUL_DEPART', description: 'Departed origin terminal' },
  DLY: { type: 'EXCEPTION', description: 'Delayed: weather on the route' },
  ARR: { type: 'LINEHAUL_ARRIVE', description: 'Arrived at destination terminal' },
  OFD: { type: 'OFD', description: 'Out for delivery' },
  DEL: { type: 'DELIVERED', description: 'Delivered' },
  // A cancellation ends tracking; it is no transit exception.
  CAN: { type: 'OTHER', description: 'Shipment cancelled' },
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
  demo_partner: DEMO_PARTNER_PUSH_CODES,
  edi214: EDI_214_CODES,
  // A partner driver's track(): its milestones carry their type, no table reads them.
  partner: {},
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

/**
 * A partner carrier's tracking event (plugins/partner_carriers `track()`) as a feed event: the
 * partner's code and words kept, the type the partner's driver read from them.
 */
export function fromPartnerMilestone(provider: string, milestone: PartnerMilestone): FeedEvent {
  const hasPoint = milestone.lat !== undefined && milestone.lng !== undefined
  const event = normaliseEvent({
    source: provider,
    sourceId: milestone.eventId,
    codeSet: 'partner',
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
  return { ...event, type: milestone.type }
}
