import { createHash, randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import User from '#accounts/models/user'
import AccountChangeService, {
  EMAIL_IN_USE,
  SAME_EMAIL,
} from '#accounts/services/account_change_service'
import {
  EmailChangeConfirmationMail,
  EmailChangeRequestedMail,
} from '#accounts/services/email_change_mail'
import { Clock } from '#core/clock'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { isoUtc, sqlTimestamp } from '#core/timestamps'
import { rowCount, writeTransaction } from '#core/transactions'
import { validationError } from '#core/validation'

/** How long a link mailed to a new address works (docs/decisions/0167). */
export const EMAIL_CHANGE_LINK_HOURS = 24
export const LINK_NOT_VALID = 'This confirmation link is not valid'
export const LINK_SPENT = 'This link has expired, was replaced or was already used'
export const NOTHING_PENDING = 'No email change is waiting for confirmation'

/** Tokens are stored hashed: the table never holds a usable link. */
export const hashEmailChangeToken = (token: string) =>
  createHash('sha256').update(token).digest('hex')

/** Where the link opens: the app's confirmation page, the token in the fragment (never sent to a server). */
export const confirmationLink = (origin: string, token: string) =>
  `${origin}/confirm-email#token=${token}`

/** A change written by `startIn`, to be announced once its transaction committed. */
export type StartedEmailChange = {
  user: User
  newEmail: string
  token: string
  at: DateTime
  expiresAt: DateTime
}

export type PendingEmailChange = { email: string; sentAt: string; expiresAt: string }
export type EmailChangeState = { email: string; pending: PendingEmailChange | null }

type PendingRow = { id: number; new_email: string; sent_at: unknown; expires_at: unknown }

/**
 * A new sign-in email takes effect only when a one-time link mailed to it is followed
 * (docs/decisions/0167). Asking for it (with the password, checked by the controller) stores a
 * pending change with the link's token hashed, mails the link to the new address and a notice
 * to the current one; following the link applies the change through `AccountChangeService`
 * (notice to the old address, a carrier's payout hold: decision 0098). One change waits per
 * user: a new request replaces it, resend gives it a new link, cancel ends it.
 */
@inject()
export default class EmailChangeService {
  constructor(
    private clock: Clock,
    private changes: AccountChangeService
  ) {}

  /** The user's email and the change waiting for its link, if any. */
  async state(userId: number): Promise<EmailChangeState> {
    const user = await User.findOrFail(userId)
    const row = await this.pendingRow(db.connection(), userId, this.clock.now())
    return { email: user.email, pending: row ? pendingOf(row) : null }
  }

  /** Settings: a new address (the password was checked). Nothing changes until its link is followed. */
  async request(userId: number, newEmail: string, origin: string): Promise<EmailChangeState> {
    const started = await writeTransaction((trx) => this.startIn(trx, userId, newEmail))
    await this.announce(started, origin, null)
    return {
      email: started.user.email,
      pending: {
        email: newEmail,
        sentAt: iso(started.at),
        expiresAt: iso(started.expiresAt),
      },
    }
  }

  /**
   * A change waits for its link, inside the caller's transaction: the user's own request, or an
   * admin's (decision 0217, in the admin audit transaction). 422 on `email` when it is the
   * account's own or another account signs in with it. A change already waiting ends.
   * `announce` mails the link once the transaction committed.
   */
  async startIn(
    trx: TransactionClientContract,
    userId: number,
    newEmail: string
  ): Promise<StartedEmailChange> {
    // Whole seconds: what both databases keep, so the answer equals a later read.
    const now = this.clock.now().startOf('second')
    const token = randomBytes(32).toString('base64url')
    const expiresAt = now.plus({ hours: EMAIL_CHANGE_LINK_HOURS })
    const found = await User.query({ client: trx }).where('id', userId).firstOrFail()
    await this.assertAvailable(trx, userId, found.email, newEmail)
    const stamp = sqlTimestamp(now, trx)
    await this.endPending(trx, userId, stamp)
    await trx.table('email_changes').insert({
      user_id: userId,
      new_email: newEmail,
      token_hash: hashEmailChangeToken(token),
      sent_at: stamp,
      expires_at: sqlTimestamp(expiresAt, trx),
      created_at: stamp,
    })
    return { user: found, newEmail, token, at: now, expiresAt }
  }

  /** 422 on `email` when the address is the account's own or another account's sign-in name. */
  async assertAvailable(
    client: QueryClientContract,
    userId: number,
    currentEmail: string,
    newEmail: string
  ) {
    if (currentEmail.toLowerCase() === newEmail) {
      throw validationError([{ field: 'email', message: SAME_EMAIL, rule: 'different' }])
    }
    const taken = await User.query({ client })
      .whereNot('id', userId)
      .where((q) => q.where('email', newEmail).orWhere('username', newEmail))
      .first()
    if (taken) {
      throw validationError([{ field: 'email', message: EMAIL_IN_USE, rule: 'unique' }])
    }
  }

  /**
   * The link to the new address and the notice to the current one; `byAdmin` when an admin
   * asked for the change (decision 0217): the notice names it and the reason.
   */
  async announce(started: StartedEmailChange, origin: string, byAdmin: { reason: string } | null) {
    const { user, newEmail, token, at, expiresAt } = started
    await this.deliver(
      new EmailChangeConfirmationMail({
        to: newEmail,
        firstName: user.firstName,
        link: confirmationLink(origin, token),
        expiresAt,
      })
    )
    await this.deliver(
      new EmailChangeRequestedMail({
        to: user.email,
        firstName: user.firstName,
        newEmail,
        at,
        expiresAt,
        adminReason: byAdmin?.reason ?? null,
      })
    )
  }

  /** A new link for the waiting change (the earlier one stops working); 409 when none waits. */
  async resend(userId: number, origin: string): Promise<EmailChangeState> {
    // Whole seconds: what both databases keep, so the answer equals a later read.
    const now = this.clock.now().startOf('second')
    const token = randomBytes(32).toString('base64url')
    const expiresAt = now.plus({ hours: EMAIL_CHANGE_LINK_HOURS })
    const { user, newEmail } = await writeTransaction(async (trx) => {
      const row = await this.pendingRow(trx, userId, now)
      if (!row) throw new ConflictException(NOTHING_PENDING)
      // A new row, the old one ended: its link answers "replaced" (409), not "unknown".
      const stamp = sqlTimestamp(now, trx)
      await this.endPending(trx, userId, stamp)
      await trx.table('email_changes').insert({
        user_id: userId,
        new_email: row.new_email,
        token_hash: hashEmailChangeToken(token),
        sent_at: stamp,
        expires_at: sqlTimestamp(expiresAt, trx),
        created_at: stamp,
      })
      const found = await User.query({ client: trx }).where('id', userId).firstOrFail()
      return { user: found, newEmail: row.new_email }
    })
    await this.deliver(
      new EmailChangeConfirmationMail({
        to: newEmail,
        firstName: user.firstName,
        link: confirmationLink(origin, token),
        expiresAt,
      })
    )
    return {
      email: user.email,
      pending: { email: newEmail, sentAt: iso(now), expiresAt: iso(expiresAt) },
    }
  }

  /** Settings: the waiting change is dropped and its link stops working. Nothing waiting is fine. */
  async cancel(userId: number): Promise<EmailChangeState> {
    const now = this.clock.now()
    await writeTransaction((trx) => this.endPending(trx, userId, sqlTimestamp(now, trx)))
    return this.state(userId)
  }

  /**
   * The link was followed: the change applies once, if the address is still free (409
   * otherwise). Marking the link used and changing the email are one transaction.
   */
  async confirm(token: string): Promise<{ email: string }> {
    const row = await db
      .from('email_changes')
      .where('token_hash', hashEmailChangeToken(token))
      .select('id', 'user_id', 'new_email')
      .first()
    if (!row) throw new NotFoundException(LINK_NOT_VALID)
    const now = this.clock.now()
    const user = await this.changes.changeEmail(Number(row.user_id), row.new_email, async (trx) => {
      const stamp = sqlTimestamp(now, trx)
      const claimed = await trx
        .from('email_changes')
        .where('id', row.id)
        .whereNull('confirmed_at')
        .whereNull('ended_at')
        .where('expires_at', '>', stamp)
        .update({ confirmed_at: stamp })
      if (rowCount(claimed) !== 1) throw new ConflictException(LINK_SPENT)
    })
    return { email: user.email }
  }

  private pendingRow(
    client: QueryClientContract,
    userId: number,
    now: DateTime
  ): Promise<PendingRow | null> {
    return client
      .from('email_changes')
      .where('user_id', userId)
      .whereNull('confirmed_at')
      .whereNull('ended_at')
      .where('expires_at', '>', sqlTimestamp(now, client))
      .orderBy('id', 'desc')
      .select('id', 'new_email', 'sent_at', 'expires_at')
      .first()
  }

  private endPending(client: QueryClientContract, userId: number, stamp: string) {
    return client
      .from('email_changes')
      .where('user_id', userId)
      .whereNull('confirmed_at')
      .whereNull('ended_at')
      .update({ ended_at: stamp })
  }

  /** A mail that cannot be sent is logged; Settings shows the change with its Resend button. */
  private async deliver(message: BaseMail) {
    try {
      await mail.send(message)
    } catch (error) {
      logger.error({ err: error }, 'email change mail not sent')
    }
  }
}

const iso = (at: DateTime) => at.toUTC().toISO()!

function pendingOf(row: PendingRow): PendingEmailChange {
  return { email: row.new_email, sentAt: isoUtc(row.sent_at)!, expiresAt: isoUtc(row.expires_at)! }
}
