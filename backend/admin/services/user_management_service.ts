import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import ApprovalService, { type StandingChange } from '#accounts/services/approval_service'
import LoginThrottle from '#accounts/services/login_throttle'
import StandingMailService from '#accounts/services/standing_mail_service'
import TokenService, { type TokenSummary } from '#accounts/services/token_service'
import TwoFactorService from '#accounts/services/two_factor_service'
import { endAllSessions, listSessions, type SessionSummary } from '#accounts/services/user_sessions'
import VettingOverviewService from '#trust/services/vetting_overview_service'
import PasswordResetService from '#accounts/services/password_reset_service'
import EmailChangeService, {
  type PendingEmailChange,
  type StartedEmailChange,
} from '#accounts/services/email_change_service'
import { errors as vineErrors } from '@vinejs/vine'
import { ADMIN_AUDIT_CHAIN } from '#admin/chains'
import { appendToChainOnce } from '#core/hash_chain'
import { notifyAdmins } from '#core/live_notices'
import {
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '#core/exceptions/http_errors'
import { isoUtc, readTimestamp, sqlTimestamp } from '#core/timestamps'
import { transaction } from '#core/transactions'

/** The actions of admin user management (docs/decisions/0210). */
export const USER_ACTIONS = [
  'suspend',
  'reinstate',
  'reset-two-factor',
  'revoke-sessions',
  'revoke-tokens',
  'unlock',
  'force-password-reset',
  'change-email',
] as const
export type UserAction = (typeof USER_ACTIONS)[number]

/** The path of each action under /api/admin/users/:userId/ (the action's name but one). */
export const ACTION_PATHS: Record<UserAction, string> = {
  ...(Object.fromEntries(USER_ACTIONS.map((a) => [a, a])) as Record<UserAction, string>),
  'change-email': 'email',
}

/** An action's input beyond the reason: the new address of a change of email (decision 0217). */
export type ActionPayload = { email: string } | null

/** What an action needs to know about the request it came in (links in mails). */
export type ActionContext = { origin: string }

export const USER_NOT_FOUND = 'User not found'
export const REQUEST_NOT_FOUND = 'Request not found'
export const ALREADY_SUSPENDED = 'This account is already suspended'
export const NOT_APPROVED = 'Only an approved account can be suspended'
export const NOT_SUSPENDED = 'Only a suspended account can be reinstated'
export const TWO_FACTOR_NOT_ON = 'Two-factor authentication is not on for this account'
export const OWN_TWO_FACTOR = 'You cannot reset your own two-factor authentication'
export const NOT_LOCKED = 'This account is not locked'
export const LAST_ADMIN = 'This would leave PalletLine without an active admin'
export const ALREADY_REQUESTED = 'This action is already waiting for a second admin'
export const NOT_PENDING = 'This request is no longer waiting for confirmation'
export const OWN_REQUEST = 'A second admin must confirm: you asked for this action'
export const OWN_ACCOUNT_REQUEST = 'Another admin must confirm an action on your own account'
export const REQUESTER_GONE = 'The admin who asked for this is no longer an active admin'

export type UserListFilters = {
  sort?: 'created' | 'lastSignIn' | 'email' | 'company'
  direction?: 'asc' | 'desc'
  role?: 'shipper' | 'carrier' | 'admin'
  approval?: 'pending' | 'approved' | 'rejected'
  standing?: 'active' | 'suspended' | 'locked'
  twoFactor?: 'on' | 'off'
  q?: string
}

export type AdminUserRow = {
  id: number
  email: string
  name: string | null
  role: string
  company: {
    carrierId: number
    name: string
    dotNumber: string | null
    mcNumber: string | null
  } | null
  /** its company and role there (decision 0223): an owner, or a member login; null for admins */
  membership: {
    companyId: number
    companyName: string
    kind: 'carrier' | 'shipper'
    role: string
  } | null
  approval: 'pending' | 'approved' | 'rejected'
  standing: 'active' | 'suspended' | 'locked'
  twoFactor: boolean
  lockedUntil: string | null
  lastSignInAt: string | null
  createdAt: string
}

export type ActionRequest = {
  id: number
  action: UserAction
  targetUserId: number
  requestedBy: number
  reason: string
  payload: ActionPayload
  status: 'pending' | 'done' | 'refused'
  decidedBy: number | null
  outcome: string | null
  createdAt: string
  decidedAt: string | null
}

export type AuditEntry = {
  id: number
  action: UserAction
  adminUserId: number
  confirmedBy: number | null
  reason: string
  detail: string | null
  at: string
}

export type ActionResult = {
  action: UserAction
  status: 'done'
  user: AdminUserRow
  count: number | null
  auditId: number
}

export type AdminUserDetail = {
  user: AdminUserRow
  phone: string | null
  counts: { bookings: number; loads: number }
  sessions: SessionSummary[]
  tokens: TokenSummary[]
  vetting: unknown
  standingHistory: StandingChange[]
  pendingEmailChange: PendingEmailChange | null
  pendingRequests: ActionRequest[]
  actions: AuditEntry[]
}

const DEFAULT_PER_PAGE = 20
const AUDIT_SHOWN = 50
const PENDING_SHOWN = 200

/** What each action writes in the audit log's `detail`. */
const DETAIL: Record<UserAction, string> = {
  'suspend': 'suspended; browser sessions ended',
  'reinstate': 'approved again',
  'reset-two-factor': 'two-factor sign-in off; browser sessions ended',
  'revoke-sessions': 'every browser session ended',
  'revoke-tokens': 'every API token revoked',
  'unlock': 'sign-in lock and failed counts cleared',
  'force-password-reset':
    'password disabled; browser sessions ended; API tokens revoked; reset link mailed',
  'change-email': 'new email asked; confirmation link mailed to it',
}

/** What `apply` hands to `followUp`: the change of email to announce. */
type Applied = { emailChange: StartedEmailChange } | null | undefined

function payloadOf(stored: unknown): ActionPayload {
  if (typeof stored !== 'string' || stored === '') return null
  const parsed = JSON.parse(stored)
  return typeof parsed?.email === 'string' ? { email: parsed.email } : null
}

/**
 * The admins' live notice of each action (docs/decisions/0171), `{ kind: 'account', id: <user
 * id>, change }`, sent after the commit; a suspension and a reinstatement already send theirs
 * through `account:suspended` and `account:reinstated`.
 */
const NOTICE: Record<Exclude<UserAction, 'suspend' | 'reinstate'>, string> = {
  'reset-two-factor': 'two_factor_reset',
  'revoke-sessions': 'sessions_revoked',
  'revoke-tokens': 'tokens_revoked',
  'unlock': 'unlocked',
  'force-password-reset': 'password_reset_forced',
  'change-email': 'email_change_asked',
}
/** A request waiting for a second admin was made, or closed without being carried out. */
export const REQUESTED_NOTICE = 'action_requested'
export const REFUSED_NOTICE = 'action_refused'

const escapeLike = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Admin user management (docs/decisions/0210-0212): the list and one user's page, and the
 * actions on an account, each with a reason, in the hash-chained admin audit log. An action on
 * an admin account is only requested, and done when a second admin confirms it. Every action
 * runs under the audit chain's lock (decision 0044), so two of them never interleave.
 */
@inject()
export default class UserManagementService {
  constructor(
    private approvals: ApprovalService,
    private twoFactor: TwoFactorService,
    private tokens: TokenService,
    private throttle: LoginThrottle,
    private standingMail: StandingMailService,
    private vetting: VettingOverviewService,
    private passwordResets: PasswordResetService,
    private emailChanges: EmailChangeService
  ) {}

  async list(filters: UserListFilters, page: number, perPage = DEFAULT_PER_PAGE) {
    const query = this.rowsQuery()
    const now = sqlTimestamp(DateTime.now(), db.connection())
    if (filters.role) query.where('users.role', filters.role)
    if (filters.approval === 'approved') {
      query.whereIn('users.approval_status', ['approved', 'suspended'])
    } else if (filters.approval) {
      query.where('users.approval_status', filters.approval)
    }
    if (filters.standing === 'suspended') query.where('users.approval_status', 'suspended')
    if (filters.standing === 'locked') {
      query.whereNot('users.approval_status', 'suspended').where('users.locked_until', '>', now)
    }
    if (filters.standing === 'active') {
      query
        .whereNot('users.approval_status', 'suspended')
        .where((q) => q.whereNull('users.locked_until').orWhere('users.locked_until', '<=', now))
    }
    if (filters.twoFactor === 'on') query.whereNotNull('users.two_factor_enabled_at')
    if (filters.twoFactor === 'off') query.whereNull('users.two_factor_enabled_at')
    if (filters.q) {
      const like = escapeLike(filters.q)
      query.where((q) =>
        q
          .whereRaw("lower(users.email) like ? escape '\\'", [like])
          .orWhereRaw(
            "lower(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, '')) like ? escape '\\'",
            [like]
          )
          .orWhereRaw("lower(carriers.company_name) like ? escape '\\'", [like])
          .orWhereRaw("lower(member_companies.name) like ? escape '\\'", [like])
          .orWhereRaw("carriers.dot_number like ? escape '\\'", [like])
          .orWhereRaw("lower(carriers.mc_number) like ? escape '\\'", [like])
      )
    }
    const direction = filters.direction ?? 'desc'
    // Users without a sign-in or a company sort last whichever the direction, on both databases.
    switch (filters.sort ?? 'created') {
      case 'created':
        query.orderBy('users.created_at', direction)
        break
      case 'lastSignIn':
        query
          .orderByRaw('case when users.last_sign_in_at is null then 1 else 0 end')
          .orderBy('users.last_sign_in_at', direction)
        break
      case 'email':
        query.orderByRaw(`lower(users.email) ${direction}`)
        break
      case 'company':
        query
          .orderByRaw(
            'case when coalesce(carriers.company_name, member_companies.name) is null then 1 else 0 end'
          )
          .orderByRaw(`lower(coalesce(carriers.company_name, member_companies.name)) ${direction}`)
        break
    }
    query.orderBy('users.id', direction)
    const result = await query.paginate(page, perPage)
    const meta = result.getMeta()
    return {
      data: result.all().map((row) => this.toRow(row)),
      meta: {
        total: Number(meta.total),
        perPage: Number(meta.perPage),
        currentPage: Number(meta.currentPage),
        lastPage: Math.max(1, Number(meta.lastPage)),
      },
    }
  }

  async row(userId: number, client?: TransactionClientContract): Promise<AdminUserRow | null> {
    const found = await this.rowsQuery(client).where('users.id', userId).first()
    return found ? this.toRow(found) : null
  }

  async detail(userId: number): Promise<AdminUserDetail | null> {
    const user = await this.row(userId)
    if (!user) return null
    const phone = (await db.from('users').where('id', userId).select('phone').first())?.phone
    const carrierId = user.company?.carrierId ?? null
    const counts = await this.counts(userId, carrierId)
    const sessions = await listSessions(userId)
    const tokens = await this.tokens.listFor(userId)
    const vetting =
      carrierId === null
        ? null
        : ((await this.vetting.summaries([carrierId])).get(carrierId) ?? null)
    const standingHistory = (await this.approvals.standingHistories([userId])).get(userId) ?? []
    const pendingEmailChange = (await this.emailChanges.state(userId)).pending
    const pendingRequests = await this.requests(
      db
        .from('admin_user_action_requests')
        .where('target_user_id', userId)
        .where('status', 'pending')
    )
    const audit = await db
      .from('admin_audit_log')
      .where('target_user_id', userId)
      .orderBy('id', 'desc')
      .limit(AUDIT_SHOWN)
    return {
      user,
      phone: phone ?? null,
      counts,
      sessions,
      tokens,
      vetting,
      standingHistory,
      pendingEmailChange,
      pendingRequests,
      actions: audit.map((row) => ({
        id: Number(row.id),
        action: row.action,
        adminUserId: Number(row.admin_user_id),
        confirmedBy: row.confirmed_by === null ? null : Number(row.confirmed_by),
        reason: row.reason,
        detail: row.detail,
        at: isoUtc(row.created_at)!,
      })),
    }
  }

  /** Every request waiting for a second admin, oldest first. */
  pending(): Promise<ActionRequest[]> {
    return this.requests(
      db.from('admin_user_action_requests').where('status', 'pending').limit(PENDING_SHOWN)
    )
  }

  /**
   * An admin's action on an account: done at once, or, on an admin account, requested for a
   * second admin (the two-person rule, decision 0212).
   */
  async act(
    actor: { id: number },
    userId: number,
    action: UserAction,
    reason: string,
    context: ActionContext,
    payload: ActionPayload = null
  ): Promise<{ done: ActionResult } | { requested: ActionRequest }> {
    if (action === 'reset-two-factor' && actor.id === userId) {
      throw new ForbiddenException(OWN_TWO_FACTOR)
    }
    const target = await db.from('users').where('id', userId).select('role').first()
    if (!target) throw new NotFoundException(USER_NOT_FOUND)
    if (target.role !== 'admin') {
      return {
        done: await this.carryOut(
          { requesterId: actor.id, confirmerId: null, action, userId, reason, payload },
          context
        ),
      }
    }
    // Refused at once when it could not be done anyway, so no admin confirms a lost cause;
    // under the audit chain's lock, like the actions themselves.
    const id = await transaction(async (trx) => {
      let requestId = 0
      await appendToChainOnce(trx, ADMIN_AUDIT_CHAIN, async () => {
        await this.check(trx, action, userId, payload)
        const waiting = await trx
          .from('admin_user_action_requests')
          .where({ target_user_id: userId, action, status: 'pending' })
          .first()
        if (waiting) throw new ConflictException(ALREADY_REQUESTED)
        const [row] = await trx
          .table('admin_user_action_requests')
          .insert({
            action,
            target_user_id: userId,
            requested_by: actor.id,
            reason,
            payload: payload === null ? null : JSON.stringify(payload),
            status: 'pending',
            created_at: sqlTimestamp(DateTime.now(), trx),
          })
          .returning('id')
        requestId = Number((row as any)?.id ?? row)
        return []
      })
      return requestId
    })
    const [request] = await this.requests(db.from('admin_user_action_requests').where('id', id))
    notifyAdmins({ kind: 'account', id: userId, change: REQUESTED_NOTICE })
    return { requested: request }
  }

  /** A second admin confirms a request: the action is carried out, or the request refused. */
  async confirm(
    actor: { id: number },
    requestId: number,
    context: ActionContext
  ): Promise<ActionResult> {
    const request = await db.from('admin_user_action_requests').where('id', requestId).first()
    if (!request) throw new NotFoundException(REQUEST_NOT_FOUND)
    if (Number(request.requested_by) === actor.id) throw new ForbiddenException(OWN_REQUEST)
    if (Number(request.target_user_id) === actor.id) {
      throw new ForbiddenException(OWN_ACCOUNT_REQUEST)
    }
    try {
      return await this.carryOut(
        {
          requesterId: Number(request.requested_by),
          confirmerId: actor.id,
          action: request.action,
          userId: Number(request.target_user_id),
          reason: request.reason,
          payload: payloadOf(request.payload),
          requestId,
        },
        context
      )
    } catch (error) {
      // The action cannot be done any more: the request is closed, saying why. An address
      // taken since it was asked is a conflict now, not the confirming admin's input error.
      const conflict =
        error instanceof vineErrors.E_VALIDATION_ERROR
          ? new ConflictException(error.messages[0]?.message ?? 'Not possible any more')
          : error
      if (conflict instanceof ConflictException && conflict.message !== NOT_PENDING) {
        await this.refuse(requestId, Number(request.target_user_id), actor.id, conflict.message)
      }
      throw conflict
    }
  }

  /**
   * Carries the action out under the audit chain's lock, appending its audit row in the same
   * transaction; what reaches beyond the database (sessions, tokens, mail) follows the commit.
   */
  private async carryOut(
    order: {
      requesterId: number
      confirmerId: number | null
      action: UserAction
      userId: number
      reason: string
      payload: ActionPayload
      requestId?: number
    },
    context: ActionContext
  ): Promise<ActionResult> {
    const { requesterId, confirmerId, action, userId, reason, payload } = order
    const requestId = order.requestId ?? null
    let applied: Applied = null
    const auditId = await transaction(async (trx) => {
      const [id] = await appendToChainOnce(trx, ADMIN_AUDIT_CHAIN, async () => {
        const now = DateTime.now()
        if (requestId !== null) {
          const request = await trx
            .from('admin_user_action_requests')
            .where('id', requestId)
            .first()
          if (request?.status !== 'pending') throw new ConflictException(NOT_PENDING)
          const requester = await trx.from('users').where('id', requesterId).first()
          if (requester?.role !== 'admin' || requester.approval_status !== 'approved') {
            throw new ConflictException(REQUESTER_GONE)
          }
        }
        await this.check(trx, action, userId, payload)
        applied = await this.apply(trx, action, userId, reason, requesterId, payload)
        if (requestId !== null) {
          await trx
            .from('admin_user_action_requests')
            .where('id', requestId)
            .where('status', 'pending')
            .update({ status: 'done', decided_by: confirmerId, decided_at: sqlTimestamp(now, trx) })
        }
        return [
          {
            admin_user_id: requesterId,
            confirmed_by: confirmerId,
            target_user_id: userId,
            action,
            reason,
            detail: payload ? `${DETAIL[action]}: ${payload.email}` : DETAIL[action],
            created_at: sqlTimestamp(now, trx),
          },
        ]
      })
      return id
    })
    const count = await this.followUp(action, userId, reason, requesterId, context, applied)
    if (action !== 'suspend' && action !== 'reinstate') {
      notifyAdmins({ kind: 'account', id: userId, change: NOTICE[action] })
    }
    return { action, status: 'done', user: (await this.row(userId))!, count, auditId }
  }

  /** 409 when the action cannot be done to the account as it is now. */
  private async check(
    trx: TransactionClientContract,
    action: UserAction,
    userId: number,
    payload: ActionPayload
  ) {
    const query = trx.from('users').where('id', userId)
    if (trx.dialect.name === 'postgres') query.forUpdate()
    const user = await query.first()
    if (!user) throw new NotFoundException(USER_NOT_FOUND)
    switch (action) {
      case 'suspend': {
        if (user.approval_status === 'suspended') throw new ConflictException(ALREADY_SUSPENDED)
        if (user.approval_status !== 'approved') throw new ConflictException(NOT_APPROVED)
        if (user.role === 'admin') {
          const others = await trx
            .from('users')
            .where('role', 'admin')
            .where('approval_status', 'approved')
            .whereNot('id', userId)
            .count('* as total')
            .first()
          if (Number(others?.total ?? 0) === 0) throw new ConflictException(LAST_ADMIN)
        }
        return
      }
      case 'reinstate':
        if (user.approval_status !== 'suspended') throw new ConflictException(NOT_SUSPENDED)
        return
      case 'reset-two-factor':
        if (!user.two_factor_enabled_at) throw new ConflictException(TWO_FACTOR_NOT_ON)
        return
      case 'unlock': {
        const until = readTimestamp(user.locked_until)
        if (!until || until <= DateTime.now()) throw new ConflictException(NOT_LOCKED)
        return
      }
      case 'change-email':
        // 422 on `email` when asked (and a conflict when confirmed: see `confirm`).
        await this.emailChanges.assertAvailable(trx, userId, user.email, payload!.email)
        return
      default:
        return
    }
  }

  /** The action's change to the database, inside the audit's transaction. */
  private async apply(
    trx: TransactionClientContract,
    action: UserAction,
    userId: number,
    reason: string,
    adminId: number,
    payload: ActionPayload
  ): Promise<Applied> {
    switch (action) {
      case 'suspend':
        if (!(await this.approvals.suspendIn(trx, userId, reason, adminId))) {
          throw new ConflictException(NOT_APPROVED)
        }
        return
      case 'reinstate':
        if (!(await this.approvals.reinstateIn(trx, userId, reason, adminId))) {
          throw new ConflictException(NOT_SUSPENDED)
        }
        return
      case 'reset-two-factor':
        if (!(await this.twoFactor.resetIn(trx, userId))) {
          throw new ConflictException(TWO_FACTOR_NOT_ON)
        }
        return
      case 'unlock':
        await this.throttle.clearLockIn(trx, userId)
        return
      case 'force-password-reset':
        await this.passwordResets.disablePasswordIn(trx, userId)
        return
      case 'change-email':
        return { emailChange: await this.emailChanges.startIn(trx, userId, payload!.email) }
      default:
        return
    }
  }

  /** After the commit: sessions, tokens, throttle counts and mail. The count for revocations. */
  private async followUp(
    action: UserAction,
    userId: number,
    reason: string,
    adminId: number,
    context: ActionContext,
    applied: Applied
  ): Promise<number | null> {
    switch (action) {
      case 'suspend':
        await endAllSessions(userId)
        await this.approvals.announceSuspended(userId, reason)
        return null
      case 'reinstate':
        await this.approvals.announceReinstated(userId, adminId)
        return null
      case 'reset-two-factor':
        await endAllSessions(userId)
        await this.tell(userId, action, reason)
        return null
      case 'revoke-sessions': {
        const ended = await endAllSessions(userId)
        await this.tell(userId, action, reason)
        return ended
      }
      case 'revoke-tokens': {
        const revoked = await this.tokens.revokeAll(userId)
        await this.tell(userId, action, reason)
        return revoked
      }
      case 'unlock': {
        const names = await db.from('users').where('id', userId).select('email', 'username').first()
        if (names) await this.throttle.unlock([names.email, names.username])
        await this.tell(userId, action, reason)
        return null
      }
      case 'force-password-reset':
        await endAllSessions(userId)
        await this.tokens.revokeAll(userId)
        await this.passwordResets.issue(userId, context.origin, { adminId, reason })
        return null
      case 'change-email':
        if (applied?.emailChange) {
          await this.emailChanges.announce(applied.emailChange, context.origin, { reason })
        }
        return null
    }
  }

  /** The user's mail; a mail that fails does not undo what was done. */
  private async tell(
    userId: number,
    notice: 'reset-two-factor' | 'revoke-sessions' | 'revoke-tokens' | 'unlock',
    reason: string
  ) {
    try {
      await this.standingMail.adminAction(userId, notice, reason)
    } catch (error) {
      logger.error({ err: error, userId, notice }, 'admin action mail failed')
    }
  }

  private async refuse(requestId: number, targetUserId: number, adminId: number, outcome: string) {
    const closed = await transaction((trx) =>
      trx
        .from('admin_user_action_requests')
        .where('id', requestId)
        .where('status', 'pending')
        .update({
          status: 'refused',
          decided_by: adminId,
          outcome,
          decided_at: sqlTimestamp(DateTime.now(), trx),
        })
    )
    if (Number(closed) > 0) {
      notifyAdmins({ kind: 'account', id: targetUserId, change: REFUSED_NOTICE })
    }
  }

  private async counts(userId: number, carrierId: number | null) {
    const count = async (table: string, column: string, id: number) => {
      const row = await db.from(table).where(column, id).count('* as total').first()
      return Number(row?.total ?? 0)
    }
    if (carrierId !== null) {
      return {
        bookings: await count('bookings', 'carrier_id', carrierId),
        loads: await count('freight_listings', 'carrier_id', carrierId),
      }
    }
    return {
      bookings: await count('bookings', 'shipper_id', userId),
      loads: await count('freight_listings', 'shipper_id', userId),
    }
  }

  private async requests(query: ReturnType<typeof db.from>): Promise<ActionRequest[]> {
    const rows = await query.orderBy('created_at', 'asc').orderBy('id', 'asc')
    return rows.map((row: Record<string, any>) => ({
      id: Number(row.id),
      action: row.action,
      targetUserId: Number(row.target_user_id),
      requestedBy: Number(row.requested_by),
      reason: row.reason,
      payload: payloadOf(row.payload),
      status: row.status,
      decidedBy: row.decided_by === null ? null : Number(row.decided_by),
      outcome: row.outcome,
      createdAt: isoUtc(row.created_at)!,
      decidedAt: isoUtc(row.decided_at),
    }))
  }

  private rowsQuery(client?: TransactionClientContract) {
    return (
      (client ?? db.connection())
        .from('users')
        // A member login belongs to its company (decision 0223): the company's carrier record,
        // found through the company's account user, is the member's company too.
        .joinRaw(
          'left join company_members as memberships on memberships.user_id = users.id and memberships.removed_at is null'
        )
        .joinRaw(
          'left join companies as member_companies on member_companies.id = memberships.company_id'
        )
        .joinRaw(
          'left join carriers on carriers.user_id = coalesce(member_companies.account_user_id, users.id)'
        )
        .select(
          'users.id',
          'users.email',
          'users.first_name',
          'users.last_name',
          'users.role',
          'users.approval_status',
          'users.two_factor_enabled_at',
          'users.locked_until',
          'users.last_sign_in_at',
          'users.created_at',
          'carriers.id as carrier_id',
          'carriers.company_name',
          'carriers.dot_number',
          'carriers.mc_number',
          'member_companies.id as member_company_id',
          'member_companies.name as member_company_name',
          'member_companies.kind as member_company_kind',
          'memberships.role as member_role'
        )
    )
  }

  private toRow(row: Record<string, any>): AdminUserRow {
    const name = [row.first_name, row.last_name].filter(Boolean).join(' ')
    const lockedUntil = readTimestamp(row.locked_until)
    const locked = lockedUntil !== null && lockedUntil > DateTime.now()
    const suspended = row.approval_status === 'suspended'
    return {
      id: Number(row.id),
      email: row.email,
      name: name || null,
      role: row.role,
      company:
        row.carrier_id === null || row.carrier_id === undefined
          ? null
          : {
              carrierId: Number(row.carrier_id),
              name: row.company_name,
              dotNumber: row.dot_number,
              mcNumber: row.mc_number,
            },
      membership:
        row.member_company_id === null || row.member_company_id === undefined
          ? null
          : {
              companyId: Number(row.member_company_id),
              companyName: row.member_company_name,
              kind: row.member_company_kind,
              role: row.member_role,
            },
      approval: suspended ? 'approved' : row.approval_status,
      standing: suspended ? 'suspended' : locked ? 'locked' : 'active',
      twoFactor: row.two_factor_enabled_at !== null,
      lockedUntil: locked ? lockedUntil.toUTC().toISO() : null,
      lastSignInAt: isoUtc(row.last_sign_in_at),
      createdAt: isoUtc(row.created_at)!,
    }
  }
}
