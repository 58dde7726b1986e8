import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import ApprovalService from '#accounts/services/approval_service'
import CarrierInsuranceService from '#fleet/services/carrier_insurance_service'
import VettingService from '#trust/services/vetting_service'
import { hasOutOfServiceOrder } from '#trust/services/vetting_checks'

export type RevetSummary = {
  checked: number
  failed: number
  suspended: number
  /** carriers the census could not answer for: left as they were, tried again next run */
  unavailable: number
}

/**
 * The daily re-vetting (ace `carriers:revet`, scheduled under `npm start`): every approved or
 * suspended carrier is vetted again, so `verified` follows the census and the certificate's
 * expiry; a failing carrier shows on the admins' flagged list, and an out-of-service order
 * suspends the account (docs/decisions/0092).
 */
@inject()
export default class RevetService {
  constructor(
    private carriers: CarrierInsuranceService,
    private vettings: VettingService,
    private approvals: ApprovalService
  ) {}

  async run(): Promise<RevetSummary> {
    const summary: RevetSummary = { checked: 0, failed: 0, suspended: 0, unavailable: 0 }
    let after = 0
    for (;;) {
      const ids = await this.carriers.approvedCarrierIds(after)
      if (ids.length === 0) return summary
      after = ids[ids.length - 1]
      const facts = await this.carriers.facts(ids)
      for (const carrier of facts.values()) {
        const vetting = await this.vettings.vetFacts(carrier, 'revet')
        if ('unavailable' in vetting) {
          summary.unavailable += 1
          logger.warn({ carrierId: carrier.carrierId, reason: vetting.message }, 'revet skipped')
          continue
        }
        summary.checked += 1
        if (vetting.result !== 'fail') continue
        summary.failed += 1
        if (carrier.approvalStatus === 'approved' && hasOutOfServiceOrder(vetting.checks)) {
          const reason = vetting.checks.find((c) => c.key === 'out_of_service')!.reason
          if (await this.approvals.suspend(carrier.userId, reason)) summary.suspended += 1
        }
      }
    }
  }
}
