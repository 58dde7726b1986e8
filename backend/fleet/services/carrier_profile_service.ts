import type { Infer } from '@vinejs/vine/types'
import type { companyProfileValidator } from '#fleet/validators/company'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Carrier from '#fleet/models/carrier'
import { NotFoundException } from '#core/exceptions/http_errors'
import { validationError, type FieldError } from '#core/validation'

export type CarrierProfileInput = {
  companyName: string
  dotNumber?: string | null
  mcNumber?: string | null
  businessAddress: string
  city: string
  state: string
  zipCode: string
}

/** The Company Profile form as its validator delivers it. */
export type CompanyProfileEdit = Infer<typeof companyProfileValidator>

const LOCKED: { field: 'companyName' | 'dotNumber' | 'mcNumber'; label: string }[] = [
  { field: 'companyName', label: 'Company name' },
  { field: 'dotNumber', label: 'DOT number' },
  { field: 'mcNumber', label: 'MC number' },
]

export type CarrierProfile = {
  id: number
  userId: number
  companyName: string
  dotNumber: string | null
  mcNumber: string | null
  businessAddress: string | null
  city: string | null
  state: string | null
  zipCode: string | null
}

/** What a payout needs to know of a carrier's account: read one at a time or a batch at once. */
const PAYMENT_ACCOUNT_COLUMNS = ['id', 'stripeAccountId', 'stripeOnboardingCompleted'] as const

function toPaymentAccount(carrier: Carrier): CarrierPaymentAccount {
  return {
    carrierId: carrier.id,
    stripeAccountId: carrier.stripeAccountId,
    stripeOnboardingCompleted: carrier.stripeOnboardingCompleted,
  }
}

export type CarrierPaymentAccount = {
  carrierId: number
  stripeAccountId: string | null
  stripeOnboardingCompleted: boolean
}

const toProfile = (c: Carrier): CarrierProfile => ({
  id: c.id,
  userId: c.userId,
  companyName: c.companyName,
  dotNumber: c.dotNumber,
  mcNumber: c.mcNumber,
  businessAddress: c.businessAddress,
  city: c.city,
  state: c.state,
  zipCode: c.zipCode,
})

/** The carrier company behind a carrier user account. */
export default class CarrierProfileService {
  async createForUser(userId: number, input: CarrierProfileInput, trx?: TransactionClientContract) {
    const carrier = await Carrier.create(
      {
        userId,
        companyName: input.companyName,
        dotNumber: input.dotNumber || null,
        mcNumber: input.mcNumber || null,
        businessAddress: input.businessAddress,
        city: input.city,
        state: input.state,
        zipCode: input.zipCode,
        modeMask: ['LTL', 'TL', 'DRAY', 'INTL', 'EXP'],
      },
      { client: trx }
    )
    return toProfile(carrier)
  }

  /**
   * The carrier edits its company's address. The company name, DOT and MC numbers were checked
   * at approval: sending them back unchanged is fine, changing them is a 422 naming the field.
   */
  async updateForUser(userId: number, input: CompanyProfileEdit): Promise<CarrierProfile> {
    const carrier = await Carrier.findBy('userId', userId)
    if (!carrier) throw new NotFoundException('Carrier profile not found')
    const errors: FieldError[] = []
    for (const { field, label } of LOCKED) {
      const sent = input[field]
      if (sent === undefined) continue
      if ((sent || null) !== (carrier[field] || null)) {
        errors.push({
          field,
          message: `${label} was checked at approval and cannot be changed here: contact support`,
          rule: 'locked',
        })
      }
    }
    if (errors.length) throw validationError(errors)
    carrier.merge({
      businessAddress: input.businessAddress,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
    })
    await carrier.save()
    return toProfile(carrier)
  }

  async findByUserId(userId: number): Promise<CarrierProfile | null> {
    const carrier = await Carrier.findBy('userId', userId)
    return carrier ? toProfile(carrier) : null
  }

  async findByUserIds(userIds: number[]): Promise<Map<number, CarrierProfile>> {
    if (userIds.length === 0) return new Map()
    const rows = await Carrier.query().whereIn('userId', userIds)
    return new Map(rows.map((c) => [c.userId, toProfile(c)]))
  }

  /** The carriers.id behind a carrier user; 404 when the account has no company row. */
  async requireCarrierId(userId: number): Promise<number> {
    const carrierId = await this.findCarrierId(userId)
    if (carrierId === null) throw new NotFoundException('Carrier profile not found')
    return carrierId
  }

  /** The carriers.id behind a carrier user, or null (inside the caller's transaction, if any). */
  async findCarrierId(userId: number, client?: TransactionClientContract): Promise<number | null> {
    const carrier = await Carrier.query({ client }).where('userId', userId).select('id').first()
    return carrier?.id ?? null
  }

  /** The carriers.id and mode list (modeMask: LTL, TL, DRAY, ...) of a carrier user, or null. */
  async findModes(userId: number): Promise<{ carrierId: number; modes: string[] } | null> {
    const carrier = await Carrier.query().where('userId', userId).select('id', 'modeMask').first()
    return carrier ? { carrierId: carrier.id, modes: carrier.modeMask ?? [] } : null
  }

  /** The user behind each carriers.id, for telling a carrier company about its work. */
  async userIdsByCarrierIds(carrierIds: number[]): Promise<Map<number, number>> {
    const ids = [...new Set(carrierIds)]
    if (ids.length === 0) return new Map()
    const rows = await Carrier.query().whereIn('id', ids).select('id', 'userId')
    return new Map(rows.map((c) => [c.id, c.userId]))
  }

  /** Company names by carriers.id, for lists that show who carries a booking. */
  async companyNamesByIds(carrierIds: number[]): Promise<Map<number, string>> {
    const ids = [...new Set(carrierIds)]
    if (ids.length === 0) return new Map()
    const rows = await Carrier.query().whereIn('id', ids).select('id', 'companyName')
    return new Map(rows.map((c) => [c.id, c.companyName]))
  }

  /** The payout account of a carrier user's company, or null when it has no company row. */
  async findPaymentAccount(userId: number): Promise<CarrierPaymentAccount | null> {
    return this.paymentAccountWhere('userId', userId)
  }

  /** The payout account of a carrier company, by carriers.id. */
  async findPaymentAccountByCarrierId(carrierId: number): Promise<CarrierPaymentAccount | null> {
    return this.paymentAccountWhere('id', carrierId)
  }

  /** The payout accounts of many carrier companies at once (a batch of payouts), by carriers.id. */
  async findPaymentAccountsByCarrierIds(carrierIds: number[]): Promise<CarrierPaymentAccount[]> {
    if (carrierIds.length === 0) return []
    const carriers = await Carrier.query()
      .whereIn('id', [...new Set(carrierIds)])
      .select(...PAYMENT_ACCOUNT_COLUMNS)
    return carriers.map(toPaymentAccount)
  }

  private async paymentAccountWhere(
    column: 'id' | 'userId',
    value: number
  ): Promise<CarrierPaymentAccount | null> {
    const carrier = await Carrier.query()
      .where(column, value)
      .select(...PAYMENT_ACCOUNT_COLUMNS)
      .first()
    return carrier ? toPaymentAccount(carrier) : null
  }

  /** The carrier whose connected account this is (provider webhooks name accounts only). */
  async findCarrierIdByStripeAccount(accountId: string): Promise<number | null> {
    const carrier = await Carrier.query().where('stripeAccountId', accountId).select('id').first()
    return carrier ? carrier.id : null
  }

  /**
   * Records the provider's connected account of a carrier, only when it has none yet, and
   * returns the account on record (the first one when two requests raced).
   */
  async setStripeAccount(carrierId: number, accountId: string): Promise<string> {
    await Carrier.query()
      .where('id', carrierId)
      .whereNull('stripeAccountId')
      .update({ stripe_account_id: accountId })
    const carrier = await Carrier.query()
      .where('id', carrierId)
      .select('stripeAccountId')
      .firstOrFail()
    return carrier.stripeAccountId ?? accountId
  }

  /**
   * A new connected account replaces the carrier's payout account (docs/decisions/0098): it
   * has to be onboarded again. Inside the caller's transaction.
   */
  async replaceStripeAccount(
    trx: TransactionClientContract,
    carrierId: number,
    accountId: string
  ): Promise<void> {
    await Carrier.query({ client: trx })
      .where('id', carrierId)
      .update({ stripe_account_id: accountId, stripe_onboarding_completed: false })
  }

  /** The provider reported the carrier's onboarding as complete. */
  async markStripeOnboardingCompleted(carrierId: number): Promise<void> {
    await Carrier.query()
      .where('id', carrierId)
      .where('stripeOnboardingCompleted', false)
      .update({ stripe_onboarding_completed: true })
  }
}
