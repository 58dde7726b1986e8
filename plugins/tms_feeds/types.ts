/**
 * The TMS feeds contract: where a shipment's milestones come from. Two kinds of driver:
 * - a generator is asked for a shipment's events as of now (the simulator computes them; a
 *   polling driver would fetch them from a partner);
 * - a receiver reads what a partner or an ELD pushed (the signed webhook).
 * Both hand back normalised events that keep the source's own code and payload, with ids
 * stable across calls, so storing each (shipment, id) once makes re-runs and replays harmless.
 * Drivers are pure: the clock and the shipment's facts are passed in; no database here.
 */

/**
 * The normalised milestone types the TMS screens know. `IN_TRANSIT` is a position report along
 * the way; `OTHER` is any code without a milestone of its own (an estimate, an arrival at a
 * dock, a code nobody mapped): it is kept with its raw code and shown in the default look.
 */
export type FeedEventType =
  | 'PU'
  | 'LINEHAUL_DEPART'
  | 'IN_TRANSIT'
  | 'LINEHAUL_ARRIVE'
  | 'OFD'
  | 'DELIVERED'
  | 'EXCEPTION'
  | 'OTHER'

/**
 * The code tables the normaliser knows: whose codes a source sends. `partner` is a partner
 * carrier driver's `track()`, whose milestones carry their own type.
 */
export type CodeSet = 'simulator' | 'demo_partner' | 'edi214' | 'partner'

export type FeedLocation = { lat: number; lng: number; city: string | null; state: string | null }

export type FeedEvent = {
  /** stable for the same event: `<source>:<its id>`, e.g. `sim:42:PU`, `demo_partner:evt_9` */
  id: string
  type: FeedEventType
  /** the source's code, as sent */
  code: string
  codeSet: CodeSet
  /** the source's words, else the code table's, else null */
  description: string | null
  /** ISO 8601 in UTC */
  eventTime: string
  location: FeedLocation | null
  /** the source's event as it came */
  raw: unknown
}

export type FeedStop = { lat: number; lng: number; city?: string | null; state?: string | null }

/** What a generator needs to know of a shipment (a booking); the app passes it in. */
export type FeedShipment = {
  /** the app's id of the shipment; part of every event id */
  id: string
  origin: FeedStop
  destination: FeedStop
  /** ISO 8601: when the freight is picked up */
  pickupAt: string
  /** road miles, as the app shows them */
  distanceMiles: number
  mode: 'TL' | 'LTL' | 'EXP'
}

export type GenerateResult =
  | {
      ok: true
      /** the events up to `now`, oldest first; a later call returns these and maybe more */
      events: FeedEvent[]
      /** ISO 8601 delivery estimate; null when the source gives none */
      eta: string | null
    }
  | { ok: false; reason: 'invalid_shipment' | 'unavailable'; message: string }

export type PushInput = {
  /** which configured provider pushed, e.g. from the route `/webhooks/tms/:provider` */
  provider: string
  /** the request headers, as Node gives them */
  headers: Record<string, string | string[] | undefined>
  /** the exact bytes received, as text: the signature covers them */
  rawBody: string
  /** the app's clock, for the signature's timestamp window */
  now: Date
}

export type ParsedPush =
  | {
      ok: true
      provider: string
      /** the shipment the events are about, as the provider names it (our reference, its PRO) */
      shipmentRef: string
      events: FeedEvent[]
      /** the whole payload as it came */
      raw: unknown
    }
  | {
      ok: false
      reason: 'unknown_provider' | 'bad_signature' | 'stale' | 'malformed'
      message: string
    }

export interface FeedGenerator {
  readonly kind: 'generator'
  generate(shipment: FeedShipment, now: Date): Promise<GenerateResult>
}

export interface FeedReceiver {
  readonly kind: 'receiver'
  parsePush(input: PushInput): Promise<ParsedPush>
}

export type TmsFeedDriver = FeedGenerator | FeedReceiver
