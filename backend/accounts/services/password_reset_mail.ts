import { BaseMail } from '@adonisjs/mail'
import type { DateTime } from 'luxon'
import { SUPPORT } from '#accounts/services/approval_mail_service'
import { businessMoment } from '#accounts/services/account_notice_service'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const signature = `The PalletLine team\n${SUPPORT.email} · ${SUPPORT.phone}`

export type PasswordResetLink = {
  to: string
  firstName: string | null
  link: string
  expiresAt: DateTime
  /** the origin of the sign-in page, for asking a fresh link */
  forgotPage: string
  /** set when an admin forced the reset (decision 0216): their reason */
  forcedReason: string | null
}

/** The one-time link to set a new password (decision 0216), asked for or forced by an admin. */
export class PasswordResetMail extends BaseMail {
  subject: string

  constructor(private reset: PasswordResetLink) {
    super()
    this.subject =
      reset.forcedReason === null
        ? 'Set a new PalletLine password'
        : 'Your PalletLine password was reset by an administrator'
  }

  prepare() {
    const { reset } = this
    const paragraphs = [
      `Hello ${reset.firstName ?? 'there'},`,
      ...(reset.forcedReason === null
        ? [
            `Someone asked to set a new password for the PalletLine account of this address. Open this link before ${businessMoment(reset.expiresAt)} to choose one:`,
          ]
        : [
            'An administrator reset the password of your PalletLine account: the old one no longer works, your browsers were signed out and your API tokens were revoked.',
            `Reason: ${reset.forcedReason}`,
            `Choose a new password by opening this link before ${businessMoment(reset.expiresAt)}:`,
          ]),
      reset.link,
      `The link works once. When it has expired, ask for a new one with "Forgot password?" on the sign-in page: ${reset.forgotPage}`,
      reset.forcedReason === null
        ? 'If you did not ask for this, ignore this mail: your password stays as it is.'
        : `If you did not expect this, reply to ${SUPPORT.email} or call ${SUPPORT.phone}.`,
      signature,
    ]
    this.message
      .to(reset.to)
      .text(paragraphs.join('\n\n') + '\n')
      .html(paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'))
  }
}
