import db from '@adonisjs/lucid/services/db'
import Carrier from '#fleet/models/carrier'
import { isoDay, toDateColumn } from '#core/business_time'
import { NotFoundException } from '#core/exceptions/http_errors'

/** What vetting reads of a carrier: its numbers, the account's contact and standing, its cover. */
export type CarrierVettingFacts = {
  carrierId: number
  userId: number
  companyName: string
  dotNumber: string | null
  /** the account's registered phone and e-mail */
  phone: string | null
  email: string | null
  /** pending, approved, rejected or suspended */
  approvalStatus: string
  insuranceDocument: string | null
  /** `YYYY-MM-DD` */
  insuranceExpiresOn: string | null
  verified: boolean
}

/**
 * The carrier's insurance certificate and its `verified` flag, which the trust module keeps
 * (docs/decisions/0090); fleet owns the carriers row, so the writes are here.
 */
export default class CarrierInsuranceService {
  async facts(carrierIds: number[]): Promise<Map<number, CarrierVettingFacts>> {
    const ids = [...new Set(carrierIds)]
    if (ids.length === 0) return new Map()
    return this.factsWhere((q) => q.whereIn('carriers.id', ids))
  }

  /** Carriers whose account is approved or suspended (the daily re-vetting's list), by id. */
  async approvedCarrierIds(afterId = 0, limit = 200): Promise<number[]> {
    const rows = await db
      .from('carriers')
      .join('users', 'users.id', 'carriers.user_id')
      .whereIn('users.approval_status', ['approved', 'suspended'])
      .where('carriers.id', '>', afterId)
      .orderBy('carriers.id')
      .limit(limit)
      .select('carriers.id')
    return rows.map((r) => Number(r.id))
  }

  async factsForUser(userId: number): Promise<CarrierVettingFacts> {
    const facts = await this.factsWhere((q) => q.where('carriers.user_id', userId))
    const found = [...facts.values()][0]
    if (!found) throw new NotFoundException('Carrier profile not found')
    return found
  }

  private async factsWhere(
    where: (q: ReturnType<typeof db.from>) => unknown
  ): Promise<Map<number, CarrierVettingFacts>> {
    const query = db
      .from('carriers')
      .join('users', 'users.id', 'carriers.user_id')
      .select(
        'carriers.id',
        'carriers.user_id',
        'carriers.company_name',
        'carriers.dot_number',
        'carriers.insurance_document',
        'carriers.insurance_expires_on',
        'carriers.verified',
        'users.phone',
        'users.email',
        'users.approval_status'
      )
    where(query)
    const rows = await query
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          carrierId: Number(r.id),
          userId: Number(r.user_id),
          companyName: r.company_name,
          dotNumber: r.dot_number,
          phone: r.phone,
          email: r.email,
          approvalStatus: r.approval_status,
          insuranceDocument: r.insurance_document,
          insuranceExpiresOn: isoDay(r.insurance_expires_on),
          verified: Boolean(r.verified),
        },
      ])
    )
  }

  /** Records a new certificate; answers the key of the one it replaces, if any. */
  async setCertificate(carrierId: number, key: string, expiresOn: string): Promise<string | null> {
    const carrier = await Carrier.findOrFail(carrierId)
    const previous = carrier.insuranceDocument
    carrier.merge({ insuranceDocument: key, insuranceExpiresOn: toDateColumn(expiresOn) })
    await carrier.save()
    return previous
  }

  async setVerified(carrierId: number, verified: boolean): Promise<void> {
    await Carrier.query().where('id', carrierId).update({ verified })
  }
}
