import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import { Clock } from '#core/clock'
import { businessToday } from '#core/business_time'
import { ConflictException, ForbiddenException } from '#core/exceptions/http_errors'
import { DispatchVetting, type VettingSnapshot } from '#marketplace/contracts/dispatch_vetting'
import CarrierInsuranceService, {
  type CarrierVettingFacts,
} from '#fleet/services/carrier_insurance_service'
import VettingService, {
  toView,
  type VettingUnavailable,
  type VettingView,
} from '#trust/services/vetting_service'
import type CarrierVetting from '#trust/models/carrier_vetting'

/** A passing (or warning) vetting is trusted at dispatch for 24 hours (docs/decisions/0091). */
export const PASSING_VETTING_TTL_MINUTES = 24 * 60
/** A failing one for 15 minutes, so a fixed record is seen soon and a burst still reads once. */
export const FAILING_VETTING_TTL_MINUTES = 15

export const SHIPPER_REFUSAL =
  'This carrier cannot take bookings right now: it did not pass its safety and insurance check'
export const CENSUS_UNAVAILABLE =
  'Carrier vetting is unavailable right now: please try again in a few minutes'

/** One census read per carrier at a time in this process: a burst of claims shares it. */
const inFlight = new Map<number, Promise<VettingView | VettingUnavailable>>()

/** Trust's answer to marketplace's DispatchVetting (bound in backend/start/bindings.ts). */
@inject()
export default class DispatchVettingProvider extends DispatchVetting {
  constructor(
    private clock: Clock,
    private carriers: CarrierInsuranceService,
    private vettings: VettingService
  ) {
    super()
  }

  async recheck(carrierId: number, askedBy: 'shipper' | 'carrier'): Promise<VettingSnapshot> {
    const facts = (await this.carriers.facts([carrierId])).get(carrierId)
    if (!facts) throw new ConflictException(SHIPPER_REFUSAL)
    const cached = await this.vettings.latestRow(carrierId)
    const view = cached && this.isFresh(cached, facts) ? toView(cached) : await this.fresh(facts)
    if ('unavailable' in view) throw new Exception(CENSUS_UNAVAILABLE, { status: 503 })
    if (view.result === 'fail') {
      if (askedBy === 'shipper') throw new ConflictException(SHIPPER_REFUSAL)
      const reasons = view.checks.filter((c) => c.result === 'fail').map((c) => c.reason)
      throw new ForbiddenException(`Your carrier vetting did not pass: ${reasons.join('; ')}`)
    }
    return {
      driver: view.driver,
      checkedAt: view.checkedAt,
      result: view.result,
      checks: view.checks,
    }
  }

  /** Young enough for its result, and no certificate has expired since it was taken. */
  private isFresh(row: CarrierVetting, facts: CarrierVettingFacts) {
    const ttl = row.result === 'fail' ? FAILING_VETTING_TTL_MINUTES : PASSING_VETTING_TTL_MINUTES
    const ageMinutes = this.clock.now().diff(row.checkedAt, 'minutes').minutes
    if (ageMinutes >= ttl) return false
    const expired =
      facts.insuranceExpiresOn !== null && facts.insuranceExpiresOn < businessToday(this.clock)
    return !(expired && row.result !== 'fail')
  }

  private fresh(facts: CarrierVettingFacts) {
    const running = inFlight.get(facts.carrierId)
    if (running) return running
    const run = this.vettings
      .vetFacts(facts, 'dispatch')
      .finally(() => inFlight.delete(facts.carrierId))
    inFlight.set(facts.carrierId, run)
    return run
  }
}
