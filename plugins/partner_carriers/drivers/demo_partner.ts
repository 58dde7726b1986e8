/**
 * The demo_partner driver: the transport side of the karrio split. Requests are built and
 * answers read by the pure ./demo_partner/mapper.ts; the transport is the simulated partner
 * server in this process, reached through the same request/response shapes an HTTP client
 * would carry, so a real partner's driver differs only in its mapper and its transport.
 */
import type {
  BolDocument,
  BookedShipment,
  BookInput,
  CancelledShipment,
  PartnerCarrierDriver,
  PartnerResult,
  Tracking,
} from '../types.js'
import { DEFAULT_TIMEOUT_MS, isFailure, send, type PartnerTransport } from './http.js'
import {
  bolRequest,
  bookRequest,
  cancelRequest,
  parseBol,
  parseBooked,
  parseCancelled,
  parseTracking,
  trackRequest,
} from './demo_partner/mapper.js'
import { DemoPartnerServer, type DemoPartnerServerOptions } from './demo_partner/server.js'

export type DemoPartnerOptions = DemoPartnerServerOptions & {
  /** how long a call waits for the partner before it is `unavailable` */
  timeoutMs?: number
}

export class DemoPartnerDriver implements PartnerCarrierDriver {
  readonly provider = 'demo_partner'
  readonly displayName = 'PalletLine demo partner'

  constructor(
    private transport: PartnerTransport,
    private timeoutMs = DEFAULT_TIMEOUT_MS
  ) {}

  async book(input: BookInput): Promise<PartnerResult<BookedShipment>> {
    const response = await send(this.transport, bookRequest(input), this.timeoutMs)
    return isFailure(response) ? response : parseBooked(response)
  }

  async cancel(
    partnerShipmentId: string,
    idempotencyKey: string,
    now: Date
  ): Promise<PartnerResult<CancelledShipment>> {
    const request = cancelRequest(partnerShipmentId, idempotencyKey, now)
    const response = await send(this.transport, request, this.timeoutMs)
    return isFailure(response) ? response : parseCancelled(response)
  }

  async fetchBol(partnerShipmentId: string): Promise<PartnerResult<BolDocument>> {
    const response = await send(this.transport, bolRequest(partnerShipmentId), this.timeoutMs)
    return isFailure(response) ? response : parseBol(response)
  }

  async track(partnerShipmentId: string, now: Date): Promise<PartnerResult<Tracking>> {
    const request = trackRequest(partnerShipmentId, now)
    const response = await send(this.transport, request, this.timeoutMs)
    return isFailure(response) ? response : parseTracking(response)
  }
}

/** The driver wired to a fresh simulated partner; `server` is returned for tests and demos. */
export function createDemoPartner(options: DemoPartnerOptions = {}) {
  const { timeoutMs, ...serverOptions } = options
  const server = new DemoPartnerServer(serverOptions)
  const driver = new DemoPartnerDriver((request) => server.handle(request), timeoutMs)
  return { driver, server }
}
