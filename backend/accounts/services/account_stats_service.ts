import User, { type Role } from '#accounts/models/user'

export type UserCounts = {
  totalUsers: number
  usersByRole: Record<Role, number>
  /** approved carriers: the ones that can use the carrier area */
  activeCarriers: number
  /** accounts waiting for an admin's decision (as listed by the approvals screen) */
  pendingApprovals: number
}

export type UserContact = {
  id: number
  firstName: string | null
  lastName: string | null
  email: string
  phone: string | null
  role: Role
  /** "First Last", else the username */
  name: string
}

const displayName = (u: Pick<User, 'firstName' | 'lastName' | 'username'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username

/** Read-only figures and contact details about accounts, for other modules' screens. */
export default class AccountStatsService {
  async counts(): Promise<UserCounts> {
    const byRole = await User.query().select('role').count('* as total').groupBy('role')
    const usersByRole: Record<Role, number> = { shipper: 0, carrier: 0, admin: 0 }
    let totalUsers = 0
    for (const row of byRole) {
      const total = Number(row.$extras.total)
      totalUsers += total
      if (row.role in usersByRole) usersByRole[row.role] = total
    }
    const [active, pending] = await Promise.all([
      User.query().where('role', 'carrier').where('isApproved', true).count('* as total'),
      User.query().where('approvalStatus', 'pending').whereNot('role', 'admin').count('* as total'),
    ])
    return {
      totalUsers,
      usersByRole,
      activeCarriers: Number(active[0].$extras.total),
      pendingApprovals: Number(pending[0].$extras.total),
    }
  }

  /**
   * Approved carrier companies: approved carrier logins that are no company's dispatcher,
   * driver or accounts member (decision 0223). A member signs in with a login of its own but
   * acts as its company's account user, so it is no carrier of its own; the public pages count
   * carriers (docs/decisions/0190).
   */
  async approvedCarrierCompanies(): Promise<number> {
    const rows = await User.query()
      .where('role', 'carrier')
      .where('isApproved', true)
      .whereNotExists((members) =>
        members
          .from('company_members')
          .whereColumn('company_members.user_id', 'users.id')
          .whereNot('company_members.role', 'owner')
      )
      .count('* as total')
    return Number(rows[0].$extras.total)
  }

  /** Contact details by users.id (missing ids are simply absent from the map). */
  async contactsByIds(userIds: number[]): Promise<Map<number, UserContact>> {
    const ids = [...new Set(userIds.filter((id) => Number.isInteger(id)))]
    if (ids.length === 0) return new Map()
    const users = await User.query()
      .whereIn('id', ids)
      .select('id', 'username', 'email', 'firstName', 'lastName', 'phone', 'role')
    return new Map(
      users.map((u) => [
        u.id,
        {
          id: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          phone: u.phone,
          role: u.role,
          name: displayName(u),
        },
      ])
    )
  }

  /**
   * Which of these users are approved (may work on PalletLine): not pending, rejected or
   * suspended. Missing ids are simply not in the set.
   */
  async approvedAmong(userIds: number[]): Promise<Set<number>> {
    const ids = [...new Set(userIds.filter((id) => Number.isInteger(id)))]
    if (ids.length === 0) return new Set()
    const rows = await User.query()
      .whereIn('id', ids)
      .where('isApproved', true)
      .where('approvalStatus', 'approved')
      .select('id')
    return new Set(rows.map((u) => u.id))
  }
}
