/**
 * The Acme LTL partner driver (docs/plugins.md "Adding a partner", step 1): transport and
 * credentials only; the mapper does the rest. Acme keeps its own clock, so `now` is ignored.
 */
import {
  DEFAULT_TIMEOUT_MS,
  isFailure,
  send,
  type BookInput,
  type PartnerCarrierDriver,
  type PartnerTransport,
} from '../../main.js'
import {
  bolRequest,
  bookRequest,
  cancelRequest,
  parseBol,
  parseBooked,
  parseCancelled,
  parseTracking,
  trackRequest,
} from './mapper.js'
import type { AcmeStandIn } from './stand_in.js'

export class AcmeLtlDriver implements PartnerCarrierDriver {
  readonly provider = 'acme_ltl'
  readonly displayName = 'Acme LTL'

  constructor(
    private transport: PartnerTransport,
    private timeoutMs = DEFAULT_TIMEOUT_MS
  ) {}

  async book(input: BookInput) {
    const response = await send(this.transport, bookRequest(input), this.timeoutMs)
    return isFailure(response) ? response : parseBooked(response)
  }

  async cancel(partnerShipmentId: string, idempotencyKey: string) {
    const request = cancelRequest(partnerShipmentId, idempotencyKey)
    const response = await send(this.transport, request, this.timeoutMs)
    return isFailure(response) ? response : parseCancelled(response)
  }

  async fetchBol(partnerShipmentId: string) {
    const response = await send(this.transport, bolRequest(partnerShipmentId), this.timeoutMs)
    return isFailure(response) ? response : parseBol(response)
  }

  async track(partnerShipmentId: string) {
    const response = await send(this.transport, trackRequest(partnerShipmentId), this.timeoutMs)
    return isFailure(response) ? response : parseTracking(response)
  }
}

/**
 * What `fetch` would be against Acme's base URL with the API key, answered by the stand-in
 * (no network in tests). `down` makes every call throw, as a refused connection does.
 */
export function acmeTransport(
  standIn: AcmeStandIn,
  apiKey: string,
  options: { down?: boolean } = {}
): PartnerTransport {
  return async (request) => {
    if (options.down) throw new Error('connect ECONNREFUSED 127.0.0.1:443')
    return standIn.handle({ ...request, headers: { ...request.headers, 'x-acme-key': apiKey } })
  }
}
