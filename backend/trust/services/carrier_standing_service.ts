import { inject } from '@adonisjs/core'
import CarrierInsuranceService from '#fleet/services/carrier_insurance_service'
import VettingService from '#trust/services/vetting_service'

/** Why a carrier cannot take loads right now (docs/decisions/0158). */
export type LoadBar =
  'carrier_not_approved' | 'carrier_rejected' | 'carrier_suspended' | 'vetting_failed'

/**
 * Whether carriers can take loads right now (docs/decisions/0158): the account is approved (not
 * pending, rejected or suspended) and its newest vetting does not fail. A carrier never vetted
 * is not barred here: booking and claiming vet it at dispatch anyway (docs/decisions/0091).
 */
@inject()
export default class CarrierStandingService {
  constructor(
    private carriers: CarrierInsuranceService,
    private vettings: VettingService
  ) {}

  /** The carriers among these that cannot take loads, each with why; the others are absent. */
  async barred(carrierIds: number[]): Promise<Map<number, LoadBar>> {
    const ids = [...new Set(carrierIds)]
    const barred = new Map<number, LoadBar>()
    if (ids.length === 0) return barred
    const [facts, vettings] = await Promise.all([
      this.carriers.facts(ids),
      this.vettings.latest(ids),
    ])
    for (const id of ids) {
      const status = facts.get(id)?.approvalStatus
      if (status === 'suspended') barred.set(id, 'carrier_suspended')
      else if (status === 'rejected') barred.set(id, 'carrier_rejected')
      else if (status !== 'approved') barred.set(id, 'carrier_not_approved')
      else if (vettings.get(id)?.result === 'fail') barred.set(id, 'vetting_failed')
    }
    return barred
  }
}
