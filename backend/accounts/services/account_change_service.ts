import { inject } from '@adonisjs/core'
import User from '#accounts/models/user'
import { AccountChangeGuard, type ContactChange } from '#accounts/contracts/account_changes'
import AccountNoticeService from '#accounts/services/account_notice_service'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { isUniqueViolation, validationError } from '#core/validation'

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
    return this.change(userId, 'phone', (user) => {
      const changed = (user.phone?.trim() || null) !== phone
      user.merge({ firstName: edit.firstName, lastName: edit.lastName, phone })
      return changed
    })
  }

  /**
   * Settings: a new sign-in email (the password was checked). The username follows it when it
   * was the old email, so the old address no longer signs in.
   */
  async changeEmail(userId: number, email: string): Promise<User> {
    try {
      return await this.change(userId, 'email', (user) => {
        if (user.email.toLowerCase() === email) {
          throw validationError([{ field: 'email', message: SAME_EMAIL, rule: 'different' }])
        }
        if (user.username.toLowerCase() === user.email.toLowerCase()) user.username = email
        user.email = email
        return true
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw validationError([{ field: 'email', message: EMAIL_IN_USE, rule: 'unique' }])
      }
      throw error
    }
  }

  /** Applies `edit`; when it reports a change of `kind`, holds payouts and sends the notice. */
  private async change(
    userId: number,
    kind: ContactChange['kind'],
    edit: (user: User) => boolean
  ): Promise<User> {
    const at = this.clock.now()
    const result = await writeTransaction(async (trx) => {
      const user = await User.query({ client: trx }).where('id', userId).firstOrFail()
      const noticeTo = user.email
      const changed = edit(user)
      if (changed && kind === 'email') await this.assertEmailFree(user, trx)
      await user.save()
      const hold = changed
        ? await this.guard.contactChanged(trx, { userId, kind, noticeTo, at })
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
  private async assertEmailFree(
    user: User,
    trx: Parameters<Parameters<typeof writeTransaction>[0]>[0]
  ) {
    const taken = await User.query({ client: trx })
      .whereNot('id', user.id)
      .where((q) => q.where('email', user.email).orWhere('username', user.email))
      .first()
    if (taken) throw validationError([{ field: 'email', message: EMAIL_IN_USE, rule: 'unique' }])
  }
}
