import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User, { type ApprovalStatus } from '#accounts/models/user'
import AccountStandingChange from '#accounts/models/account_standing_change'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { takeWriteLock, transaction } from '#core/transactions'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { NotFoundException, ConflictException } from '#core/exceptions/http_errors'

export type PendingUser = {
  id: number
  firstName: string | null
  lastName: string | null
  email: string
  role: string
  phone: string | null
  createdAt: string
  /** carriers.id of a carrier's company; null for shippers */
  carrierId: number | null
  companyName: string | null
  dotNumber: string | null
  mcNumber: string | null
}

/** A suspension or reinstatement as admins read it (decision 0116). */
export type StandingChange = {
  action: 'suspended' | 'reinstated'
  reason: string | null
  /** ISO 8601, UTC */
  at: string
  /** null: the daily re-vetting */
  adminUserId: number | null
}

/** The rows of `account_standing_changes` that are a suspension or a reinstatement. */
const STANDING_ACTIONS = ['suspended', 'reinstated']

/** Admin review of new accounts: who decided, and when. */
@inject()
export default class ApprovalService {
  constructor(private carrierProfiles: CarrierProfileService) {}

  async listPending(limit = 200): Promise<PendingUser[]> {
    const users = await User.query()
      .where('approvalStatus', 'pending')
      .whereNot('role', 'admin')
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
    const profiles = await this.carrierProfiles.findByUserIds(users.map((u) => u.id))
    return users.map((u) => {
      const carrier = profiles.get(u.id)
      return {
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        role: u.role,
        phone: u.phone,
        createdAt: u.createdAt.toISO()!,
        carrierId: carrier?.id ?? null,
        companyName: carrier?.companyName ?? null,
        dotNumber: carrier?.dotNumber ?? null,
        mcNumber: carrier?.mcNumber ?? null,
      }
    })
  }

  /**
   * An admin's decision on an account. An approval given with a reason (required by admin when
   * the carrier's newest vetting failed, docs/decisions/0189) is kept in
   * `account_standing_changes` as `approved`, with the admin, in the same transaction.
   */
  async decide(
    userId: number,
    approve: boolean,
    reviewer: User,
    reason: string | null = null
  ): Promise<User> {
    const user = await transaction(async (trx) => {
      await takeWriteLock(trx)
      const found = await User.find(userId, { client: trx })
      if (!found) throw new NotFoundException('User not found')
      if (found.role === 'admin') throw new ConflictException('Admin accounts are not reviewed')
      const now = DateTime.now()
      found.merge({
        isApproved: approve,
        approvalStatus: approve ? 'approved' : 'rejected',
        reviewedBy: reviewer.id,
        reviewedAt: now,
      })
      await found.save()
      if (approve && reason) {
        await AccountStandingChange.create(
          { userId, adminUserId: reviewer.id, action: 'approved', reason, createdAt: now },
          { client: trx }
        )
      }
      return found
    })
    await emitter.emit(approve ? 'account:approved' : 'account:rejected', {
      userId: user.id,
      reviewerId: reviewer.id,
    })
    return user
  }

  /**
   * Suspends an approved account: it keeps its data but loses its role's area, like an
   * unapproved one (docs/decisions/0092). Answers whether this call suspended it. `adminId` is
   * the admin who decided (Fleet Oversight), null for the daily re-vetting; either way the
   * change is kept in `account_standing_changes` (decision 0116).
   */
  async suspend(userId: number, reason: string, adminId: number | null = null): Promise<boolean> {
    const changed = await this.changeStanding(userId, 'approved', 'suspended', adminId, reason)
    if (changed) await emitter.emit('account:suspended', { userId, reason })
    return changed
  }

  /** A suspended account approved again (Fleet Oversight). Answers whether this call did it. */
  async reinstate(userId: number, adminId: number, reason: string | null): Promise<boolean> {
    const changed = await this.changeStanding(userId, 'suspended', 'approved', adminId, reason)
    if (changed) await emitter.emit('account:reinstated', { userId, reviewerId: adminId })
    return changed
  }

  /** The newest suspension or reinstatement of each of these accounts. */
  async latestStandingChanges(userIds: number[]): Promise<Map<number, StandingChange>> {
    const ids = [...new Set(userIds)]
    if (ids.length === 0) return new Map()
    const newest = db
      .from('account_standing_changes')
      .whereIn('user_id', ids)
      .whereIn('action', STANDING_ACTIONS)
      .groupBy('user_id')
      .max('id as id')
    const rows = await AccountStandingChange.query().whereIn('id', newest)
    return new Map(
      rows.map((row) => [
        row.userId,
        {
          action: row.action as StandingChange['action'],
          reason: row.reason,
          at: row.createdAt.toUTC().toISO()!,
          adminUserId: row.adminUserId,
        },
      ])
    )
  }

  /**
   * Every suspension and reinstatement of each of these accounts, newest first (decision 0186):
   * the history stays when a carrier is reinstated.
   */
  async standingHistories(userIds: number[]): Promise<Map<number, StandingChange[]>> {
    const ids = [...new Set(userIds)]
    const histories = new Map<number, StandingChange[]>(ids.map((id) => [id, []]))
    if (ids.length === 0) return histories
    const rows = await AccountStandingChange.query()
      .whereIn('userId', ids)
      .whereIn('action', STANDING_ACTIONS)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
    for (const row of rows) {
      histories.get(row.userId)!.push({
        action: row.action as StandingChange['action'],
        reason: row.reason,
        at: row.createdAt.toUTC().toISO()!,
        adminUserId: row.adminUserId,
      })
    }
    return histories
  }

  /**
   * Suspends an approved account of any role inside `trx` (admin user management, decision
   * 0210); the caller tells the account (`announceSuspended`) once `trx` committed. Answers
   * whether the account was approved.
   */
  suspendIn(trx: TransactionClientContract, userId: number, reason: string, adminId: number) {
    return this.changeStandingIn(trx, userId, 'approved', 'suspended', adminId, reason)
  }

  /** A suspended account approved again inside `trx`; see suspendIn. */
  reinstateIn(trx: TransactionClientContract, userId: number, reason: string, adminId: number) {
    return this.changeStandingIn(trx, userId, 'suspended', 'approved', adminId, reason)
  }

  /** What a suspension sets off: the mail, a carrier's holds and invites dropped. */
  async announceSuspended(userId: number, reason: string) {
    await emitter.emit('account:suspended', { userId, reason })
  }

  async announceReinstated(userId: number, adminId: number) {
    await emitter.emit('account:reinstated', { userId, reviewerId: adminId })
  }

  private async changeStanding(
    userId: number,
    from: ApprovalStatus,
    to: ApprovalStatus,
    adminId: number | null,
    reason: string | null
  ): Promise<boolean> {
    return transaction(async (trx) => {
      await takeWriteLock(trx)
      return this.changeStandingIn(trx, userId, from, to, adminId, reason)
    })
  }

  private async changeStandingIn(
    trx: TransactionClientContract,
    userId: number,
    from: ApprovalStatus,
    to: ApprovalStatus,
    adminId: number | null,
    reason: string | null
  ): Promise<boolean> {
    const query = User.query({ client: trx }).where('id', userId)
    if (trx.dialect.name === 'postgres') query.forUpdate()
    const user = await query.first()
    if (!user || user.approvalStatus !== from) return false
    const now = DateTime.now()
    user.merge({ isApproved: to === 'approved', approvalStatus: to, reviewedAt: now })
    if (adminId !== null) user.reviewedBy = adminId
    await user.useTransaction(trx).save()
    await AccountStandingChange.create(
      {
        userId,
        adminUserId: adminId,
        action: to === 'suspended' ? 'suspended' : 'reinstated',
        reason,
        createdAt: now,
      },
      { client: trx }
    )
    return true
  }
}
