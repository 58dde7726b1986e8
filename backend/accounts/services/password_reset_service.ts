import { createHash, randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#accounts/models/user'
import AccountNoticeService from '#accounts/services/account_notice_service'
import LoginThrottle from '#accounts/services/login_throttle'
import { PasswordResetMail } from '#accounts/services/password_reset_mail'
import { endAllSessions } from '#accounts/services/user_sessions'
import mail from '@adonisjs/mail/services/main'
import { Clock } from '#core/clock'
import { sqlTimestamp } from '#core/timestamps'
import { rowCount, writeTransaction } from '#core/transactions'
import { validationError } from '#core/validation'

/** How long a password reset link works (docs/decisions/0216). */
export const PASSWORD_RESET_LINK_MINUTES = 60
export const RESET_LINK_NOT_VALID = 'This password reset link is not valid'
export const RESET_LINK_SPENT = 'This link has expired, was replaced or was already used'
/** The one answer to "forgot password", whether or not an account uses the address. */
export const RESET_REQUESTED =
  'If an account uses this address, we sent it a link to set a new password. The link works for 60 minutes.'
export const PASSWORD_SET = 'Your password is set. Sign in with it.'

/** Tokens are stored hashed: the table never holds a usable link. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Where the link opens: the app's page that sets the new password. */
export const resetLink = (origin: string, token: string) =>
  `${origin}/reset-password?token=${token}`

/** "Forgot password?" work still running after its answer went out (see `forgot`). */
const inFlight = new Set<Promise<void>>()

/** Resolves when every "forgot password" request answered so far has done its work (tests). */
export async function passwordResetsSettled() {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight])
}

/**
 * Setting a new password by a one-time link mailed to the account (docs/decisions/0216):
 * "Forgot password?" asks for one, an admin's forced reset sends one. The link's token is
 * stored hashed, works for 60 minutes and once, and a newer link of the account ends it.
 * Following it sets the password, ends every browser session of the account, clears a sign-in
 * lock and tells the account's address.
 */
@inject()
export default class PasswordResetService {
  constructor(
    private clock: Clock,
    private throttle: LoginThrottle,
    private notices: AccountNoticeService
  ) {}

  /**
   * "Forgot password?": a link for the account that uses this address, if any. The caller's
   * answer must not depend on it, in content or in time, so the work runs after the answer
   * (`passwordResetsSettled` waits for it) and its failures are only logged.
   */
  forgot(email: string, origin: string): void {
    const work = this.forgotNow(email, origin)
      .catch((error) => logger.error({ err: error }, 'password reset request failed'))
      .finally(() => inFlight.delete(work))
    inFlight.add(work)
  }

  private async forgotNow(email: string, origin: string) {
    const user = await User.query().whereRaw('lower(email) = ?', [email.toLowerCase()]).first()
    if (!user) return
    await this.issue(user.id, origin, null)
  }

  /**
   * A new link for the account (earlier ones stop working), mailed to its address; `forced`
   * when an admin reset the password (their id and reason). A mail that fails is logged.
   */
  async issue(
    userId: number,
    origin: string,
    forced: { adminId: number; reason: string } | null
  ): Promise<void> {
    const now = this.clock.now().startOf('second')
    const token = randomBytes(32).toString('base64url')
    const expiresAt = now.plus({ minutes: PASSWORD_RESET_LINK_MINUTES })
    const user = await writeTransaction(async (trx) => {
      const found = await User.query({ client: trx }).where('id', userId).firstOrFail()
      const stamp = sqlTimestamp(now, trx)
      await this.endPending(trx, userId, stamp)
      await trx.table('password_resets').insert({
        user_id: userId,
        token_hash: hashResetToken(token),
        admin_user_id: forced?.adminId ?? null,
        expires_at: sqlTimestamp(expiresAt, trx),
        created_at: stamp,
      })
      return found
    })
    try {
      await mail.send(
        new PasswordResetMail({
          to: user.email,
          firstName: user.firstName,
          link: resetLink(origin, token),
          expiresAt,
          forgotPage: `${origin}/forgot-password`,
          forcedReason: forced?.reason ?? null,
        })
      )
    } catch (error) {
      logger.error({ err: error, userId }, 'password reset mail not sent')
    }
  }

  /**
   * The link was followed with a new password (already checked against decision 0167's rules):
   * spending the link and setting the password are one transaction, so of two redemptions at
   * once exactly one wins. Then every session ends and the account's address is told.
   */
  async reset(token: string, password: string): Promise<void> {
    const row = await db
      .from('password_resets')
      .where('token_hash', hashResetToken(token))
      .select('id', 'user_id')
      .first()
    if (!row) throw tokenError(RESET_LINK_NOT_VALID, 'exists')
    const now = this.clock.now()
    const user = await writeTransaction(async (trx) => {
      const stamp = sqlTimestamp(now, trx)
      const claimed = await trx
        .from('password_resets')
        .where('id', row.id)
        .whereNull('used_at')
        .whereNull('ended_at')
        .where('expires_at', '>', stamp)
        .update({ used_at: stamp })
      if (rowCount(claimed) !== 1) throw tokenError(RESET_LINK_SPENT, 'unspent')
      const found = await User.query({ client: trx }).where('id', row.user_id).firstOrFail()
      found.password = password
      // A lock from failed sign-ins ends: whoever holds the link owns the address (0211).
      found.lockedUntil = null
      await found.useTransaction(trx).save()
      return found
    })
    await endAllSessions(user.id)
    await this.throttle.unlock([user.email, user.username])
    await this.notices.send({
      to: user.email,
      firstName: user.firstName,
      kind: 'password_reset',
      at: now,
      payoutsHeldUntil: null,
    })
  }

  /**
   * An admin forced a reset (decision 0216): inside their audit transaction the password is
   * replaced by a random one nobody knows, and every waiting link ends. The caller then ends
   * the sessions and tokens and sends the new link (`issue`).
   */
  async disablePasswordIn(trx: TransactionClientContract, userId: number) {
    const user = await User.query({ client: trx }).where('id', userId).firstOrFail()
    user.password = randomBytes(32).toString('base64url')
    await user.useTransaction(trx).save()
    await this.endPending(trx, userId, sqlTimestamp(this.clock.now(), trx))
  }

  private endPending(client: TransactionClientContract, userId: number, stamp: string) {
    return client
      .from('password_resets')
      .where('user_id', userId)
      .whereNull('used_at')
      .whereNull('ended_at')
      .update({ ended_at: stamp })
  }
}

function tokenError(message: string, rule: string) {
  return validationError([{ field: 'token', message, rule }])
}
