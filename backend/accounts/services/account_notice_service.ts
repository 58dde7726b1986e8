import { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type { DateTime } from 'luxon'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { SUPPORT } from '#accounts/services/approval_mail_service'

/** What changed on an account. */
export type AccountChangeKind = 'email' | 'phone' | 'payout_account' | 'password' | 'password_reset'

export type AccountChangeNotice = {
  /** the address on file before the change: a thief who changed the email cannot silence it */
  to: string
  firstName: string | null
  kind: AccountChangeKind
  at: DateTime
  /** when a carrier's payouts are held because of the change */
  payoutsHeldUntil: DateTime | null
}

const WHAT: Record<AccountChangeKind, string> = {
  email: 'The sign-in email address of your PalletLine account was changed',
  phone: 'The phone number on your PalletLine account was changed',
  payout_account: 'The payout account of your PalletLine carrier company was changed',
  password: 'The password of your PalletLine account was changed',
  password_reset: 'A new password was set for your PalletLine account with a password reset link',
}

const SUBJECT: Record<AccountChangeKind, string> = {
  email: 'Your PalletLine email address was changed',
  phone: 'Your PalletLine phone number was changed',
  payout_account: 'Your PalletLine payout account was changed',
  password: 'Your PalletLine password was changed',
  password_reset: 'Your PalletLine password was reset',
}

/** What else the owner should know about a change of this kind. */
const AFTER: Partial<Record<AccountChangeKind, string>> = {
  password: 'Every other device signed in to your account was signed out.',
  password_reset: 'Every device signed in to your account was signed out.',
}

/** A moment as the business reads it: "Mar 4, 2026, 9:30 AM EST". */
export function businessMoment(at: DateTime): string {
  return at.setZone(BUSINESS_TIME_ZONE).toFormat('LLL d, yyyy, h:mm a ZZZZ')
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Tells the old address that the account changed, and what to do if it was not its owner. */
export class AccountChangeNoticeMail extends BaseMail {
  subject: string

  constructor(private notice: AccountChangeNotice) {
    super()
    this.subject = SUBJECT[notice.kind]
  }

  prepare() {
    const { notice } = this
    const paragraphs = [
      `Hello ${notice.firstName ?? 'there'},`,
      `${WHAT[notice.kind]} on ${businessMoment(notice.at)}.`,
      ...(AFTER[notice.kind] ? [AFTER[notice.kind]!] : []),
      ...(notice.payoutsHeldUntil
        ? [
            `To protect your earnings, payouts to your company are held until ${businessMoment(notice.payoutsHeldUntil)}. Nothing is lost: held payouts go out when the hold ends.`,
          ]
        : []),
      `If you made this change, there is nothing to do. If you did not, someone else may be using your account: contact us at once at ${SUPPORT.email} or ${SUPPORT.phone} and we will stop the payouts and lock the account.`,
      `The PalletLine team\n${SUPPORT.email} · ${SUPPORT.phone}`,
    ]
    this.message
      .to(notice.to)
      .text(paragraphs.join('\n\n') + '\n')
      .html(paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'))
  }
}

/**
 * Security notices about account changes (docs/decisions/0098; a password change too, decision
 * 0167). Sent after the change is saved;
 * a mail that cannot be sent is logged and does not undo the change (the payout hold stands).
 */
export default class AccountNoticeService {
  async send(notice: AccountChangeNotice) {
    try {
      await mail.send(new AccountChangeNoticeMail(notice))
    } catch (error) {
      logger.error({ err: error, kind: notice.kind }, 'account change notice not sent')
    }
  }
}
