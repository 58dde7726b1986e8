import { BaseMail } from '@adonisjs/mail'
import type { DateTime } from 'luxon'
import { SUPPORT } from '#accounts/services/approval_mail_service'
import { businessMoment } from '#accounts/services/account_notice_service'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const signature = `The PalletLine team\n${SUPPORT.email} · ${SUPPORT.phone}`

/** Plain text and the same paragraphs as simple HTML. */
function body(paragraphs: string[]) {
  return {
    text: paragraphs.join('\n\n') + '\n',
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  }
}

export type EmailChangeLink = {
  /** the new address: the link proves it is the owner's */
  to: string
  firstName: string | null
  link: string
  expiresAt: DateTime
}

/** To the NEW address: the one-time link that makes it the sign-in email (decision 0167). */
export class EmailChangeConfirmationMail extends BaseMail {
  subject = 'Confirm your new PalletLine sign-in email'

  constructor(private change: EmailChangeLink) {
    super()
  }

  prepare() {
    const { change } = this
    const { text, html } = body([
      `Hello ${change.firstName ?? 'there'},`,
      `You asked to sign in to PalletLine with this address (${change.to}). Confirm it by opening this link before ${businessMoment(change.expiresAt)}:`,
      change.link,
      'Until then your sign-in email stays as it was. The link works once.',
      'If you did not ask for this, ignore this mail: nothing changes.',
      signature,
    ])
    this.message.to(change.to).text(text).html(html)
  }
}

export type EmailChangeRequest = {
  /** the address on file: its owner hears of the request before anything changes */
  to: string
  firstName: string | null
  newEmail: string
  at: DateTime
  expiresAt: DateTime
  /** set when an administrator asked for the change (decision 0217): their reason */
  adminReason?: string | null
}

/** To the CURRENT address: a change was asked for, what it takes and what to do if it was not them. */
export class EmailChangeRequestedMail extends BaseMail {
  subject = 'A new sign-in email was requested for your PalletLine account'

  constructor(private request: EmailChangeRequest) {
    super()
  }

  prepare() {
    const { request } = this
    const byAdmin = Boolean(request.adminReason)
    const { text, html } = body([
      `Hello ${request.firstName ?? 'there'},`,
      byAdmin
        ? `On ${businessMoment(request.at)} a PalletLine administrator asked to change the sign-in email of your account to ${request.newEmail}.`
        : `On ${businessMoment(request.at)} someone signed in to your PalletLine account asked to change its sign-in email to ${request.newEmail}.`,
      ...(byAdmin ? [`Reason: ${request.adminReason}`] : []),
      `Nothing has changed yet: it happens only if the link we sent to ${request.newEmail} is opened before ${businessMoment(request.expiresAt)}. We will write to you here again if it is.`,
      byAdmin
        ? `If you did not ask PalletLine for this, cancel the change in Settings and contact us at once at ${SUPPORT.email} or ${SUPPORT.phone}.`
        : `If you made this request, there is nothing to do. If you did not, someone else knows your password: sign in, change your password (which signs everyone else out) and cancel the change in Settings, then contact us at ${SUPPORT.email} or ${SUPPORT.phone}.`,
      signature,
    ])
    this.message.to(request.to).text(text).html(html)
  }
}
