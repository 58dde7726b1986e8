import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import carrierVetting from '#plugins/carrier_vetting/services/main'
import { Clock } from '#core/clock'
import { businessToday } from '#core/business_time'
import CarrierInsuranceService, {
  type CarrierVettingFacts,
} from '#fleet/services/carrier_insurance_service'
import CarrierVetting, { type VettingTrigger } from '#trust/models/carrier_vetting'
import {
  isVerified,
  overallResult,
  runChecks,
  type CensusAnswer,
  type CheckResult,
  type VettingCheck,
} from '#trust/services/vetting_checks'

/** One vetting as admins, the carrier and a booking's snapshot read it. */
export type VettingView = {
  driver: string
  trigger: VettingTrigger
  result: CheckResult
  verified: boolean
  /** ISO 8601, UTC */
  checkedAt: string
  checks: VettingCheck[]
}

/** The census source could not answer: nothing was recorded. */
export type VettingUnavailable = { unavailable: true; message: string }

export const toView = (row: CarrierVetting): VettingView => ({
  driver: row.driver,
  trigger: row.trigger,
  result: row.result,
  verified: row.verified,
  checkedAt: row.checkedAt.toUTC().toISO()!,
  checks: row.checks,
})

/**
 * Vets carriers through the carrier_vetting plugin: looks the DOT number up, runs the checks
 * against the business day, records the result in `carrier_vettings` and keeps the carrier's
 * `verified` flag in step (docs/decisions/0090). A failing result emits `carrier:vetting_failed`.
 */
@inject()
export default class VettingService {
  constructor(
    private clock: Clock,
    private carriers: CarrierInsuranceService
  ) {}

  async vet(
    carrierId: number,
    trigger: VettingTrigger
  ): Promise<VettingView | VettingUnavailable | null> {
    const facts = (await this.carriers.facts([carrierId])).get(carrierId)
    if (!facts) return null
    return this.vetFacts(facts, trigger)
  }

  async vetFacts(
    facts: CarrierVettingFacts,
    trigger: VettingTrigger
  ): Promise<VettingView | VettingUnavailable> {
    const driver = await carrierVetting.use()
    let census: CensusAnswer = { found: false }
    if (facts.dotNumber) {
      const answer = await driver.lookup(facts.dotNumber)
      if (!answer.ok && answer.code !== 'invalid_dot') {
        return { unavailable: true, message: answer.message }
      }
      if (answer.ok && answer.found) census = { found: true, record: answer.record }
    }
    const today = businessToday(this.clock)
    const subject = {
      dotNumber: facts.dotNumber,
      phone: facts.phone,
      email: facts.email,
      hasInsuranceCertificate: facts.insuranceDocument !== null,
      insuranceExpiresOn: facts.insuranceExpiresOn,
    }
    const checks = runChecks(subject, census, today)
    const verified = isVerified(checks, subject, today)
    const row = await CarrierVetting.create({
      carrierId: facts.carrierId,
      driver: driver.name,
      trigger,
      result: overallResult(checks),
      checks,
      verified,
      checkedAt: this.clock.now(),
    })
    if (verified !== facts.verified) await this.carriers.setVerified(facts.carrierId, verified)
    if (row.result === 'fail') {
      // A failing carrier's live invites end (freight_board listens, docs/decisions/0158).
      const reason = checks
        .filter((check) => check.result === 'fail')
        .map((check) => check.reason)
        .join('; ')
      await emitter.emit('carrier:vetting_failed', { carrierId: facts.carrierId, trigger, reason })
    }
    return toView(row)
  }

  /** The newest vetting of each carrier. */
  async latest(carrierIds: number[]): Promise<Map<number, VettingView>> {
    const ids = [...new Set(carrierIds)]
    if (ids.length === 0) return new Map()
    const newest = db
      .from('carrier_vettings')
      .whereIn('carrier_id', ids)
      .groupBy('carrier_id')
      .max('id as id')
    const rows = await CarrierVetting.query().whereIn('id', newest)
    return new Map(rows.map((row) => [row.carrierId, toView(row)]))
  }

  async latestRow(carrierId: number): Promise<CarrierVetting | null> {
    // Rows are appended in time order: the highest id is the newest.
    return CarrierVetting.query().where('carrierId', carrierId).orderBy('id', 'desc').first()
  }

  /** Carriers whose account is approved or suspended and whose newest vetting fails (admins). */
  async flagged(limit = 200): Promise<{ carrierId: number }[]> {
    const failing = await db
      .from('carrier_vettings as v')
      .join('carriers', 'carriers.id', 'v.carrier_id')
      .join('users', 'users.id', 'carriers.user_id')
      .whereIn('v.id', db.from('carrier_vettings').groupBy('carrier_id').max('id as id'))
      .where('v.result', 'fail')
      .whereIn('users.approval_status', ['approved', 'suspended'])
      .orderBy('v.id', 'desc')
      .limit(limit)
      .select('v.carrier_id')
    return failing.map((r) => ({ carrierId: Number(r.carrier_id) }))
  }
}
