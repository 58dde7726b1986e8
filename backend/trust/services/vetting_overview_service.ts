import { inject } from '@adonisjs/core'
import CarrierInsuranceService from '#fleet/services/carrier_insurance_service'
import VettingService, { type VettingView } from '#trust/services/vetting_service'

/** What an admin reads of a carrier's vetting beside its account. */
export type CarrierVettingSummary = {
  carrierId: number
  hasInsuranceCertificate: boolean
  /** `YYYY-MM-DD` */
  insuranceExpiresOn: string | null
  verified: boolean
  /** the newest vetting; null when none could be run yet */
  vetting: VettingView | null
}

export type FlaggedCarrier = CarrierVettingSummary & {
  userId: number
  companyName: string
  dotNumber: string | null
  /** approved, or suspended after an out-of-service order */
  approvalStatus: string
}

/** The admin's views of vetting: beside each pending account, and the carriers that fail. */
@inject()
export default class VettingOverviewService {
  constructor(
    private carriers: CarrierInsuranceService,
    private vettings: VettingService
  ) {}

  /** Summaries by carriers.id. */
  async summaries(carrierIds: number[]): Promise<Map<number, CarrierVettingSummary>> {
    const [facts, latest] = await Promise.all([
      this.carriers.facts(carrierIds),
      this.vettings.latest(carrierIds),
    ])
    return new Map(
      [...facts.values()].map((f) => [
        f.carrierId,
        {
          carrierId: f.carrierId,
          hasInsuranceCertificate: f.insuranceDocument !== null,
          insuranceExpiresOn: f.insuranceExpiresOn,
          verified: f.verified,
          vetting: latest.get(f.carrierId) ?? null,
        },
      ])
    )
  }

  /** Approved (or suspended) carriers whose newest vetting fails, newest first. */
  async flagged(): Promise<FlaggedCarrier[]> {
    const failing = await this.vettings.flagged()
    const ids = failing.map((f) => f.carrierId)
    const [facts, summaries] = await Promise.all([this.carriers.facts(ids), this.summaries(ids)])
    return ids.map((id) => {
      const f = facts.get(id)!
      return {
        ...summaries.get(id)!,
        userId: f.userId,
        companyName: f.companyName,
        dotNumber: f.dotNumber,
        approvalStatus: f.approvalStatus,
      }
    })
  }
}
