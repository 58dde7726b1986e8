import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { isoDay } from '#core/business_time'
import ApprovalService, { type StandingChange } from '#accounts/services/approval_service'
import VettingService, { type VettingView } from '#trust/services/vetting_service'
import type { CheckResult } from '#trust/services/vetting_checks'

export const FLEET_PAGE_SIZE = 20

export type FleetFilters = {
  status?: 'approved' | 'pending' | 'rejected' | 'suspended'
  /** the newest vetting's result; `none` for carriers never vetted */
  vetting?: CheckResult | 'none'
  /** part of the company name, the DOT or the MC number */
  search?: string
}

/** One carrier's standing, vetting and cover on Fleet Oversight (decision 0116). */
export type FleetCarrierStanding = {
  carrierId: number
  userId: number
  companyName: string
  dotNumber: string | null
  mcNumber: string | null
  approvalStatus: string
  verified: boolean
  hasInsuranceCertificate: boolean
  /** `YYYY-MM-DD` */
  insuranceExpiresOn: string | null
  vetting: VettingView | null
  /** the newest suspension or reinstatement */
  lastStandingChange: StandingChange | null
}

export type FleetPage = {
  data: FleetCarrierStanding[]
  meta: { total: number; perPage: number; currentPage: number; lastPage: number }
}

/**
 * Every carrier with its standing, vetting and cover, for admins: one paged query over carriers,
 * their accounts and their newest vetting, then the page's vettings and standing changes (admin
 * adds the ratings: trust sits below reviews).
 */
@inject()
export default class FleetOversightService {
  constructor(
    private vettings: VettingService,
    private approvals: ApprovalService
  ) {}

  async list(filters: FleetFilters, page: number): Promise<FleetPage> {
    const query = db
      .from('carriers')
      .join('users', 'users.id', 'carriers.user_id')
      // the newest vetting only: no later row of the same carrier
      .leftJoin('carrier_vettings as v', 'v.carrier_id', 'carriers.id')
      .whereNotExists((newer) =>
        newer
          .from('carrier_vettings as newer')
          .whereColumn('newer.carrier_id', 'carriers.id')
          .whereColumn('newer.id', '>', 'v.id')
      )
      .select(
        'carriers.id',
        'carriers.user_id',
        'carriers.company_name',
        'carriers.dot_number',
        'carriers.mc_number',
        'carriers.verified',
        'carriers.insurance_document',
        'carriers.insurance_expires_on',
        'users.approval_status'
      )
      .orderBy('carriers.company_name', 'asc')
      .orderBy('carriers.id', 'asc')
    if (filters.status) query.where('users.approval_status', filters.status)
    if (filters.vetting === 'none') query.whereNull('v.id')
    else if (filters.vetting) query.where('v.result', filters.vetting)
    if (filters.search) {
      const like = `%${filters.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      query.where((q) =>
        q
          .whereRaw("lower(carriers.company_name) like ? escape '\\'", [like])
          .orWhereRaw("carriers.dot_number like ? escape '\\'", [like])
          .orWhereRaw("lower(carriers.mc_number) like ? escape '\\'", [like])
      )
    }
    const result = await query.paginate(page, FLEET_PAGE_SIZE)
    const rows = result.all()
    const meta = result.getMeta()
    return {
      data: await this.present(rows),
      meta: {
        total: Number(meta.total),
        perPage: Number(meta.perPage),
        currentPage: Number(meta.currentPage),
        lastPage: Math.max(1, Number(meta.lastPage)),
      },
    }
  }

  /** One carrier's row; null when there is no such carrier. */
  async find(carrierId: number): Promise<FleetCarrierStanding | null> {
    const row = await db
      .from('carriers')
      .join('users', 'users.id', 'carriers.user_id')
      .where('carriers.id', carrierId)
      .select(
        'carriers.id',
        'carriers.user_id',
        'carriers.company_name',
        'carriers.dot_number',
        'carriers.mc_number',
        'carriers.verified',
        'carriers.insurance_document',
        'carriers.insurance_expires_on',
        'users.approval_status'
      )
      .first()
    return row ? (await this.present([row]))[0] : null
  }

  private async present(rows: Record<string, any>[]): Promise<FleetCarrierStanding[]> {
    const ids = rows.map((r) => Number(r.id))
    // One after another: inside a transaction they share one connection.
    const latest = await this.vettings.latest(ids)
    const standing = await this.approvals.latestStandingChanges(rows.map((r) => Number(r.user_id)))
    return rows.map((r) => {
      const id = Number(r.id)
      return {
        carrierId: id,
        userId: Number(r.user_id),
        companyName: r.company_name,
        dotNumber: r.dot_number,
        mcNumber: r.mc_number,
        approvalStatus: r.approval_status,
        verified: Boolean(r.verified),
        hasInsuranceCertificate: r.insurance_document !== null,
        insuranceExpiresOn: isoDay(r.insurance_expires_on),
        vetting: latest.get(id) ?? null,
        lastStandingChange: standing.get(Number(r.user_id)) ?? null,
      }
    })
  }
}
