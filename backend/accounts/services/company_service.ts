import { createHash, randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#accounts/models/user'
import Company from '#accounts/models/company'
import CompanyMember from '#accounts/models/company_member'
import CompanyInvite from '#accounts/models/company_invite'
import { isMemberRole, type CompanyKind, type MemberRole } from '#accounts/member_roles'
import { CompanyInviteMail } from '#accounts/services/company_invite_mail'
import { forgetMembership } from '#accounts/services/cached_user_provider'
import { endAllSessions } from '#accounts/services/user_sessions'
import { CURRENT_TERMS_VERSION, currentTermsHash } from '#accounts/services/terms_service'
import TokenService from '#accounts/services/token_service'
import { Clock } from '#core/clock'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { sqlTimestamp } from '#core/timestamps'
import { rowCount, writeTransaction } from '#core/transactions'
import { isUniqueViolation, validationError } from '#core/validation'

/** How long an invite link works (issue 35). */
export const INVITE_DAYS = 7
export const COMPANY_NOT_FOUND = 'Company not found'
export const MEMBER_NOT_FOUND = 'Member not found'
export const INVITE_NOT_FOUND = 'Invite not found'
export const INVITE_NOT_VALID = 'This invite link is not valid'
export const INVITE_SPENT = 'This invite has expired, was withdrawn or was already used'
export const LAST_OWNER = 'A company always keeps one owner: make another member owner first'
export const EMAIL_TAKEN = 'An account with this email already exists'
export const NOT_AN_OWNER = 'Only an owner of the company can do this'

export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex')
export const inviteLink = (origin: string, token: string) => `${origin}/invite/${token}`

/** Who acts: the company's account user, and the person who signed in. */
export type CompanyActor = { accountUserId: number; personId: number }

export type MemberSummary = {
  id: number
  userId: number
  firstName: string | null
  lastName: string | null
  email: string
  role: MemberRole
  joinedAt: string
}

export type InviteSummary = {
  id: number
  email: string
  role: MemberRole
  expiresAt: string
  createdAt: string
  status: 'pending' | 'used' | 'expired'
}

/** Where a company's name comes from when it is made for a registering user. */
export function companyNameFor(user: {
  firstName: string | null
  lastName: string | null
  email: string
}): string {
  const person = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return (person || user.email).slice(0, 200)
}

/**
 * Companies and their members (issue 35, docs/decisions/0223): the one-person company of a new
 * account, the team an owner reads, invites by a signed, expiring, single-use link, role changes
 * and removals, and a company that always keeps one owner.
 */
@inject()
export default class CompanyService {
  constructor(
    private clock: Clock,
    private tokens: TokenService
  ) {}

  /** A new shipper or carrier account: the owner of a one-person company whose account it is. */
  async foundFor(
    user: {
      id: number
      role: string
      firstName: string | null
      lastName: string | null
      email: string
    },
    name: string,
    trx: TransactionClientContract
  ) {
    const now = this.clock.now()
    const company = await Company.create(
      {
        kind: user.role as CompanyKind,
        name: name.slice(0, 200),
        accountUserId: user.id,
        createdAt: now,
      },
      { client: trx }
    )
    await CompanyMember.create(
      {
        companyId: company.id,
        userId: user.id,
        role: 'owner',
        invitedBy: null,
        joinedAt: now,
        removedAt: null,
      },
      { client: trx }
    )
    return company
  }

  private async changed(
    company: { id: number; accountUserId: number },
    change: 'invited' | 'withdrawn' | 'joined' | 'role_changed' | 'removed'
  ) {
    await emitter.emit('company:changed', {
      companyId: company.id,
      accountUserId: company.accountUserId,
      change,
    })
  }

  /** The company whose account user acts, or a 404. */
  async companyOf(accountUserId: number): Promise<Company> {
    const company = await Company.findBy('accountUserId', accountUserId)
    if (!company) throw new NotFoundException(COMPANY_NOT_FOUND)
    return company
  }

  /** GET /api/company: the company and its members, owners first. */
  async show(accountUserId: number) {
    const company = await this.companyOf(accountUserId)
    return {
      id: company.id,
      kind: company.kind,
      name: company.name,
      members: await this.members(company.id),
    }
  }

  async members(companyId: number): Promise<MemberSummary[]> {
    const rows = await db
      .from('company_members')
      .join('users', 'users.id', 'company_members.user_id')
      .where('company_members.company_id', companyId)
      .whereNull('company_members.removed_at')
      .orderBy('company_members.id')
      .select(
        'company_members.id',
        'company_members.user_id',
        'company_members.role',
        'company_members.joined_at',
        'users.first_name',
        'users.last_name',
        'users.email'
      )
    const order = (role: string) => (role === 'owner' ? 0 : 1)
    return rows
      .map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        role: row.role,
        joinedAt: new Date(row.joined_at).toISOString(),
      }))
      .sort((a, b) => order(a.role) - order(b.role))
  }

  /** GET /api/company/invites: the company's invites, newest first. */
  async invites(accountUserId: number): Promise<InviteSummary[]> {
    const company = await this.companyOf(accountUserId)
    const rows = await CompanyInvite.query().where('companyId', company.id).orderBy('id', 'desc')
    const now = this.clock.now()
    return rows.map((invite) => this.summary(invite, now))
  }

  private summary(invite: CompanyInvite, now = this.clock.now()): InviteSummary {
    return {
      id: invite.id,
      email: invite.email,
      role: invite.role,
      expiresAt: invite.expiresAt.toUTC().toISO()!,
      createdAt: invite.createdAt.toUTC().toISO()!,
      status: invite.usedAt ? 'used' : invite.expiresAt <= now ? 'expired' : 'pending',
    }
  }

  /**
   * POST /api/company/invites: an invite for a role of the company's kind, to an address no
   * account uses; the link (whose token is stored only hashed) is mailed to it.
   */
  async invite(actor: CompanyActor, email: string, role: string, origin: string) {
    const { company, invite, token } = await this.issueInvite(actor, email, role)
    const inviter = await User.find(actor.personId)
    try {
      await mail.send(
        new CompanyInviteMail({
          to: email,
          companyName: company.name,
          role,
          invitedBy:
            [inviter?.firstName, inviter?.lastName].filter(Boolean).join(' ') || company.name,
          link: inviteLink(origin, token),
          expiresAt: invite.expiresAt,
        })
      )
    } catch (error) {
      logger.error({ err: error, inviteId: invite.id }, 'company invite mail not sent')
    }
    await this.changed(company, 'invited')
    return this.summary(invite)
  }

  /**
   * The invite and its link's token, which only the mail (or the demo seeder, which hands it
   * straight to `accept`) ever holds.
   */
  async issueInvite(actor: CompanyActor, email: string, role: string) {
    const company = await this.companyOf(actor.accountUserId)
    if (!isMemberRole(company.kind, role)) {
      throw validationError([
        { field: 'role', message: `A ${company.kind} company has no ${role} role`, rule: 'enum' },
      ])
    }
    if (
      await User.query().whereRaw('lower(email) = ?', [email]).orWhere('username', email).first()
    ) {
      throw validationError([{ field: 'email', message: EMAIL_TAKEN, rule: 'unique' }])
    }
    const now = this.clock.now().startOf('second')
    const token = randomBytes(32).toString('base64url')
    const invite = await CompanyInvite.create({
      companyId: company.id,
      email,
      role,
      tokenHash: hashInviteToken(token),
      expiresAt: now.plus({ days: INVITE_DAYS }),
      usedAt: null,
      usedBy: null,
      invitedBy: actor.personId,
      createdAt: now,
    })
    return { company, invite, token }
  }

  /** DELETE /api/company/invites/:id: the link stops working (a used one stays as a record). */
  async withdraw(accountUserId: number, inviteId: number) {
    const company = await this.companyOf(accountUserId)
    const deleted = await db
      .from('company_invites')
      .where('id', inviteId)
      .where('company_id', company.id)
      .whereNull('used_at')
      .delete()
    if (rowCount(deleted) !== 1) throw new NotFoundException(INVITE_NOT_FOUND)
    await this.changed(company, 'withdrawn')
  }

  /** The invite behind a link, if it still works. */
  private async usableInvite(token: string) {
    const invite = await CompanyInvite.findBy('tokenHash', hashInviteToken(token))
    if (!invite) throw new NotFoundException(INVITE_NOT_VALID)
    if (invite.usedAt || invite.expiresAt <= this.clock.now()) {
      throw validationError([{ field: 'token', message: INVITE_SPENT, rule: 'unspent' }])
    }
    return invite
  }

  /** GET /api/invites/:token (anyone holding the link): which company, which role, for whom. */
  async lookup(token: string) {
    const invite = await this.usableInvite(token)
    const company = await Company.findOrFail(invite.companyId)
    return {
      companyName: company.name,
      companyKind: company.kind,
      role: invite.role,
      email: invite.email,
      expiresAt: invite.expiresAt.toUTC().toISO()!,
    }
  }

  /**
   * POST /api/invites/:token/accept: the member's login, approved as the company is. Spending the
   * invite and creating the login are one transaction, so of two redemptions at once exactly
   * one wins (a conditional update on `used_at`).
   */
  async accept(
    token: string,
    input: { firstName: string; lastName: string; password: string },
    meta: { ip: string; userAgent: string | null }
  ) {
    const found = await this.usableInvite(token)
    const now = this.clock.now()
    let joined: { email: string; companyName: string; role: MemberRole }
    let company: Company | null = null
    try {
      joined = await writeTransaction(async (trx) => {
        const stamp = sqlTimestamp(now, trx)
        const claimed = await trx
          .from('company_invites')
          .where('id', found.id)
          .whereNull('used_at')
          .where('expires_at', '>', stamp)
          .update({ used_at: stamp })
        if (rowCount(claimed) !== 1) {
          throw validationError([{ field: 'token', message: INVITE_SPENT, rule: 'unspent' }])
        }
        company = await Company.query({ client: trx }).where('id', found.companyId).firstOrFail()
        const account = await User.query({ client: trx })
          .where('id', company.accountUserId)
          .firstOrFail()
        const taken = await User.query({ client: trx })
          .whereRaw('lower(email) = ?', [found.email])
          .orWhere('username', found.email)
          .first()
        if (taken) throw validationError([{ field: 'token', message: EMAIL_TAKEN, rule: 'unique' }])
        const user = await User.create(
          {
            username: found.email,
            email: found.email,
            password: input.password,
            role: account.role,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: null,
            // Approved as the company is: the company's standing is its account user's.
            isApproved: account.isApproved,
            approvalStatus:
              account.approvalStatus === 'suspended' ? 'approved' : account.approvalStatus,
            termsAcceptedAt: now,
            termsVersion: CURRENT_TERMS_VERSION,
            termsIp: meta.ip,
            termsUserAgent: meta.userAgent,
            termsHash: currentTermsHash(),
          },
          { client: trx }
        )
        await CompanyMember.create(
          {
            companyId: company.id,
            userId: user.id,
            role: found.role,
            invitedBy: found.invitedBy,
            joinedAt: now,
            removedAt: null,
          },
          { client: trx }
        )
        await trx.from('company_invites').where('id', found.id).update({ used_by: user.id })
        return { email: user.email, companyName: company.name, role: found.role }
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw validationError([{ field: 'token', message: EMAIL_TAKEN, rule: 'unique' }])
      }
      throw error
    }
    if (company) await this.changed(company, 'joined')
    return joined
  }

  /** PATCH /api/company/members/:id: a member's new role; the last owner stays an owner. */
  async changeRole(actor: CompanyActor, memberId: number, role: string) {
    const company = await this.companyOf(actor.accountUserId)
    if (!isMemberRole(company.kind, role)) {
      throw validationError([
        { field: 'role', message: `A ${company.kind} company has no ${role} role`, rule: 'enum' },
      ])
    }
    const member = await this.underCompanyLock(
      company.id,
      actor,
      async (trx, target) => {
        if (target.role === 'owner' && role !== 'owner') await this.keepAnOwner(trx, company.id)
        await trx.from('company_members').where('id', target.id).update({ role })
        return target
      },
      memberId
    )
    await forgetMembership(member.userId)
    await this.changed(company, 'role_changed')
    return (await this.members(company.id)).find((m) => m.id === memberId)!
  }

  /**
   * DELETE /api/company/members/:id: the member leaves (the row stays, marked removed, so the
   * login neither signs in nor stands alone as an account of its own); their sessions and API
   * tokens end. Under the company's lock, so two owners removing each other at once leave one.
   */
  async remove(actor: CompanyActor, memberId: number) {
    const company = await this.companyOf(actor.accountUserId)
    const member = await this.underCompanyLock(
      company.id,
      actor,
      async (trx, target) => {
        if (target.role === 'owner') await this.keepAnOwner(trx, company.id)
        await trx
          .from('company_members')
          .where('id', target.id)
          .update({ removed_at: sqlTimestamp(this.clock.now(), trx) })
        return target
      },
      memberId
    )
    await forgetMembership(member.userId)
    await endAllSessions(member.userId)
    await this.tokens.revokeAll(member.userId)
    await this.changed(company, 'removed')
  }

  /**
   * Runs `work` on the company's member `memberId` while holding the company's row (PostgreSQL
   * `FOR UPDATE`; SQLite's write lock): the acting person must still be an owner of it.
   */
  private async underCompanyLock<T>(
    companyId: number,
    actor: CompanyActor,
    work: (
      trx: TransactionClientContract,
      target: { id: number; userId: number; role: string }
    ) => Promise<T>,
    memberId: number
  ): Promise<T> {
    return writeTransaction(async (trx) => {
      const lock = trx.from('companies').where('id', companyId)
      if (trx.dialect.name === 'postgres') lock.forUpdate()
      await lock.first()
      const acting = await trx
        .from('company_members')
        .where('company_id', companyId)
        .where('user_id', actor.personId)
        .whereNull('removed_at')
        .first()
      if (!acting || acting.role !== 'owner') throw new ConflictException(NOT_AN_OWNER)
      const target = await trx
        .from('company_members')
        .where('company_id', companyId)
        .where('id', memberId)
        .whereNull('removed_at')
        .first()
      if (!target) throw new NotFoundException(MEMBER_NOT_FOUND)
      return work(trx, { id: Number(target.id), userId: Number(target.user_id), role: target.role })
    })
  }

  private async keepAnOwner(trx: TransactionClientContract, companyId: number) {
    const owners = await trx
      .from('company_members')
      .where('company_id', companyId)
      .where('role', 'owner')
      .whereNull('removed_at')
      .count('* as total')
    if (Number(owners[0].total) <= 1) throw new ConflictException(LAST_OWNER)
  }
}
