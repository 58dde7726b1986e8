import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { validationError } from '#core/validation'

/** A driver of a carrier company, as the dispatcher's select and an assigned job name them. */
export type DriverMember = {
  /** the member's id in the company (`company_members.id`) */
  memberId: number
  firstName: string | null
  lastName: string | null
  email: string
}

/** What a `memberId` that names no driver of the company is refused with. */
export const NOT_A_DRIVER = 'Choose a driver of your company'

/**
 * The driver members of a carrier company (docs/decisions/0237): who bookings and expedited
 * jobs may be assigned to, and how an assigned driver is named. Read here, in accounts, which
 * owns the company tables.
 */
@inject()
export default class DriverMembersService {
  private query(accountUserId: number) {
    return this.members()
      .where('companies.account_user_id', accountUserId)
      .where('companies.kind', 'carrier')
  }

  private members() {
    return db
      .from('company_members')
      .join('companies', 'companies.id', 'company_members.company_id')
      .join('users', 'users.id', 'company_members.user_id')
      .select(
        'company_members.id',
        'company_members.user_id',
        'company_members.role',
        'company_members.removed_at',
        'users.first_name',
        'users.last_name',
        'users.email'
      )
  }

  private static present(row: Record<string, any>): DriverMember {
    return {
      memberId: Number(row.id),
      firstName: row.first_name ?? null,
      lastName: row.last_name ?? null,
      email: row.email,
    }
  }

  /** GET /api/company/drivers: the company's drivers (not removed), by name. */
  async drivers(accountUserId: number): Promise<DriverMember[]> {
    const rows = await this.query(accountUserId)
      .where('company_members.role', 'driver')
      .whereNull('company_members.removed_at')
      .orderBy('users.first_name')
      .orderBy('company_members.id')
    return rows.map(DriverMembersService.present)
  }

  /**
   * The login of the company's driver `memberId` names, for an assignment; a 422 naming
   * `memberId` for a member of another company, a member who is no driver, or one removed.
   */
  async driverToAssign(accountUserId: number, memberId: number): Promise<number> {
    const row = await this.query(accountUserId).where('company_members.id', memberId).first()
    if (!row || row.role !== 'driver' || row.removed_at) {
      throw validationError([{ field: 'memberId', message: NOT_A_DRIVER, rule: 'driver' }])
    }
    return Number(row.user_id)
  }

  /** The assigned drivers by their login's id (a removed driver is still named). */
  async byUserId(userIds: Iterable<number | null>) {
    const ids = [...new Set([...userIds].filter((id): id is number => typeof id === 'number'))]
    const found = new Map<number, DriverMember>()
    if (ids.length === 0) return found
    const rows = await this.members().whereIn('company_members.user_id', ids)
    for (const row of rows) found.set(Number(row.user_id), DriverMembersService.present(row))
    return found
  }
}

/**
 * The login a driver member acts with, whose lists narrow to the work assigned to it
 * (docs/decisions/0237); null for anyone else (owners, dispatchers, a company's account user).
 */
export function drivingAs(user: { member?: { role: string; userId: number } | null }) {
  return user.member?.role === 'driver' ? user.member.userId : null
}

/**
 * Whether the signed-in login is a driver member, who is sent no money (docs/decisions/0246):
 * no price, rate, payout, fee or charge, in any shape it reads.
 */
export function hidesMoney(user: { member?: { role: string } | null }) {
  return user.member?.role === 'driver'
}

/**
 * The shape with its money fields null for a driver member (docs/decisions/0246), as it is for
 * anyone else: the fields stay, so the contract's shapes are one per route.
 */
export function withoutMoneyFor<T extends object>(
  user: { member?: { role: string } | null },
  shape: T,
  keys: readonly (keyof T)[]
): T {
  if (!hidesMoney(user)) return shape
  const copy = { ...shape }
  for (const key of keys) {
    if (key in copy) (copy as Record<keyof T, unknown>)[key] = null
  }
  return copy
}
