import { inject } from '@adonisjs/core'
import RatingSummaryService from '#reviews/services/rating_summary_service'
import CargoClaimService, {
  type CarrierClaimsHistory,
} from '#payments/services/cargo_claim_service'
import ApprovalService, { type StandingChange } from '#accounts/services/approval_service'
import FleetOversightService, {
  type FleetCarrierStanding,
  type FleetFilters,
} from '#trust/services/fleet_oversight_service'

/** One carrier on Fleet Oversight: its standing, vetting and cover, and its record. */
export type FleetCarrier = FleetCarrierStanding & {
  rating: { average: number | null; count: number }
  /** 0-1, of its judged deliveries; null when none */
  onTimeRate: number | null
  deliveredLoads: number
  /** cargo claims filed on its bookings per delivered load, 0-1; null with none delivered */
  claimsRatio: number | null
  /** its cargo claims, newest first, and what the settled ones came to (decision 0233) */
  claims: CarrierClaimsHistory & { count: number }
  /** every suspension and reinstatement, newest first (decision 0186) */
  standingHistory: StandingChange[]
}

/** Fleet Oversight's rows (decision 0116): trust's standing and vetting, reviews' record. */
@inject()
export default class FleetViewService {
  constructor(
    private fleet: FleetOversightService,
    private ratings: RatingSummaryService,
    private approvals: ApprovalService,
    private claims: CargoClaimService
  ) {}

  async list(filters: FleetFilters, page: number) {
    const result = await this.fleet.list(filters, page)
    return { data: await this.withRecords(result.data), meta: result.meta }
  }

  async find(carrierId: number): Promise<FleetCarrier | null> {
    const found = await this.fleet.find(carrierId)
    return found ? (await this.withRecords([found]))[0] : null
  }

  private async withRecords(rows: FleetCarrierStanding[]): Promise<FleetCarrier[]> {
    const ratings = await this.ratings.carriers(rows.map((row) => row.carrierId))
    const histories = await this.approvals.standingHistories(rows.map((row) => row.userId))
    const claims = await this.claims.historyOf(rows.map((row) => row.carrierId))
    return rows.map((row) => {
      const rating = ratings.get(row.carrierId)!
      return {
        ...row,
        rating: { average: rating.average, count: rating.count },
        onTimeRate: rating.onTimeRate,
        deliveredLoads: rating.deliveredLoads,
        claimsRatio: rating.claimsRatio,
        claims: { ...claims.get(row.carrierId)!, count: rating.claimsCount },
        standingHistory: histories.get(row.userId) ?? [],
      }
    })
  }
}
