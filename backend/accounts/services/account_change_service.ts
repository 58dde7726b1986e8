import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#accounts/models/user'
import { AccountChangeGuard, type ContactChange } from '#accounts/contracts/account_changes'
import { membershipOf } from '#accounts/services/cached_user_provider'
import AccountNoticeService from '#accounts/services/account_notice_service'
import { Clock } from '#core/clock'
import { ConflictException } from '#core/exceptions/http_errors'
import { writeTransaction } from '#core/transactions'
import { isUniqueViolation } from '#core/validation'

export const EMAIL_IN_USE = 'An account with this email already exists'
export const SAME_EMAIL = 'This is already your email address'

export type ProfileEdit = { firstName: string; lastName: string; phone: string | null }

/**
 * Changes to how an account is reached (docs/decisions/0098). The change, and a carrier's
 * payout hold (payments, through `AccountChangeGuard`), are saved in one transaction; then a
 * notice goes to the email on file before the change.
 */
@inject()
export default class AccountChangeService {
  constructor(
    private clock: Clock,
    private guard: AccountChangeGuard,
    private notices: AccountNoticeService
  ) {}

  /** Profile: name and phone. A new phone number holds a carrier's payouts. */
  async updateProfile(userId: number, edit: ProfileEdit): Promise<User> {
    const phone = edit.phone?.trim() || null
    return this.change(userId, 'phone', async (user) => {
      const changed = (user.phone?.trim() || null) !== phone
      user.merge({ firstName: edit.firstName, lastName: edit.lastName, phone })
      return changed
    })
  }

  /**
   * A new sign-in email whose link was followed (`EmailChangeService.confirm`, decision 0167):
   * `claim` marks the link used in the same transaction, or throws when it is spent. The
   * username follows the email when it was the old email, so the old address no longer signs
   * in. An address another account took meanwhile (or the user's own already) is a 409.
   */
  async changeEmail(
    userId: number,
    email: string,
    claim: (trx: TransactionClientContract) => Promise<void>
  ): Promise<User> {
    try {
      return await this.change(userId, 'email', async (user, trx) => {
        await claim(trx)
        if (user.email.toLowerCase() === email) throw new ConflictException(SAME_EMAIL)
        if (user.username.toLowerCase() === user.email.toLowerCase()) user.username = email
        user.email = email
        return true
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(EMAIL_IN_USE)
      throw error
    }
  }

  /** Applies `edit`; when it reports a change of `kind`, holds payouts and sends the notice. */
  private async change(
    userId: number,
    kind: ContactChange['kind'],
    edit: (user: User, trx: TransactionClientContract) => Promise<boolean>
  ): Promise<User> {
    const at = this.clock.now()
    // Read before the transaction: on SQLite its one connection is the transaction's until it
    // ends, so a read through another would wait for it (the membership cache may miss).
    const membership = await membershipOf(userId)
    const result = await writeTransaction(async (trx) => {
      const user = await User.query({ client: trx }).where('id', userId).firstOrFail()
      const noticeTo = user.email
      const changed = await edit(user, trx)
      if (changed && kind === 'email') await this.assertEmailFree(user, trx)
      await user.save()
      // An owner's login is the company's: a change to it holds the company's payouts (its
      // account user's); another member cannot touch the payout account (decision 0223).
      const holdFor =
        membership.state === 'member' && membership.role === 'owner'
          ? membership.accountUserId
          : userId
      const hold = changed
        ? await this.guard.contactChanged(trx, { userId: holdFor, kind, noticeTo, at })
        : null
      return { user, changed, noticeTo, hold }
    })
    if (result.changed) {
      await this.notices.send({
        to: result.noticeTo,
        firstName: result.user.firstName,
        kind,
        at,
        payoutsHeldUntil: result.hold?.payoutsHeldUntil ?? null,
      })
    }
    return result.user
  }

  /** No other account signs in with this email, as its email or its username. */
  private async assertEmailFree(user: User, trx: TransactionClientContract) {
    const taken = await User.query({ client: trx })
      .whereNot('id', user.id)
      .where((q) => q.where('email', user.email).orWhere('username', user.email))
      .first()
    if (taken) throw new ConflictException(EMAIL_IN_USE)
  }
}
