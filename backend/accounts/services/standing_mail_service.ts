import { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import User from '#accounts/models/user'
import { SUPPORT } from '#accounts/services/approval_mail_service'

type Recipient = { email: string; firstName: string | null; role?: string }

const appUrl = () =>
  (env.get('APP_URL') ?? `http://localhost:${env.get('PORT') ?? 3333}`).replace(/\/$/, '')
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
function body(paragraphs: string[]) {
  return {
    text: paragraphs.join('\n\n') + '\n',
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  }
}
const signature = `The PalletLine team\n${SUPPORT.email} · ${SUPPORT.phone}`

/** Sent when an account is suspended, by an admin or the daily re-vetting (decision 0186). */
export class AccountSuspendedMail extends BaseMail {
  subject = 'Your PalletLine account is suspended'

  constructor(
    private user: Recipient,
    private reason: string
  ) {
    super()
  }

  prepare() {
    const { text, html } = body([
      `Hello ${this.user.firstName ?? 'there'},`,
      this.user.role === undefined || this.user.role === 'carrier'
        ? 'Your PalletLine account has been suspended. While it is suspended your listings are hidden from search and you cannot take new loads; bookings already paid for stay as they are.'
        : 'Your PalletLine account has been suspended. While it is suspended you cannot use PalletLine; bookings already paid for stay as they are.',
      `Reason: ${this.reason}`,
      `To appeal, or if something has changed (for example a renewed insurance certificate or a lifted out-of-service order), reply to ${SUPPORT.email}, call ${SUPPORT.phone}, or write to us through the contact form: ${appUrl()}/contact`,
      signature,
    ])
    this.message.to(this.user.email).text(text).html(html)
  }
}

/** Sent when a suspended account is reinstated (decision 0186). */
export class AccountReinstatedMail extends BaseMail {
  subject = 'Your PalletLine account is active again'

  constructor(private user: Recipient) {
    super()
  }

  prepare() {
    const { text, html } = body([
      `Hello ${this.user.firstName ?? 'there'},`,
      'Your PalletLine account has been reinstated: you can sign in and take loads again, and your active listings are back in search.',
      `Sign in: ${appUrl()}/login`,
      signature,
    ])
    this.message.to(this.user.email).text(text).html(html)
  }
}

/** What an admin did to an account that its user is told (decision 0210). */
export type AccountActionNotice =
  'reset-two-factor' | 'revoke-sessions' | 'revoke-tokens' | 'unlock'

const NOTICES: Record<AccountActionNotice, { subject: string; text: string }> = {
  'reset-two-factor': {
    subject: 'Two-factor sign-in was turned off on your PalletLine account',
    text: 'An administrator turned two-factor sign-in off on your account, after confirming your identity, and signed your browsers out. Sign in with your password and turn it on again in Settings.',
  },
  'revoke-sessions': {
    subject: 'You were signed out of PalletLine',
    text: 'An administrator signed your account out of every browser. Sign in again with your password.',
  },
  'revoke-tokens': {
    subject: 'Your PalletLine API tokens were revoked',
    text: 'An administrator revoked every API token of your account: scripts and integrations using them stop working. Issue new ones in Settings.',
  },
  'unlock': {
    subject: 'Your PalletLine account is unlocked',
    text: 'Your account was locked after too many failed sign-ins; an administrator unlocked it. You can sign in again.',
  },
}

/** Sent when an admin acts on an account in a way its user must know (decision 0210). */
export class AccountActionMail extends BaseMail {
  constructor(
    private user: Recipient,
    private notice: AccountActionNotice,
    private reason: string
  ) {
    super()
    this.subject = NOTICES[notice].subject
  }

  prepare() {
    const { text, html } = body([
      `Hello ${this.user.firstName ?? 'there'},`,
      NOTICES[this.notice].text,
      `Reason: ${this.reason}`,
      `If you did not expect this, reply to ${SUPPORT.email} or call ${SUPPORT.phone}.`,
      `Sign in: ${appUrl()}/login`,
      signature,
    ])
    this.message.to(this.user.email).text(text).html(html)
  }
}

/** Tells a user their account was suspended or reinstated. */
export default class StandingMailService {
  async suspended(userId: number, reason: string) {
    const user = await User.find(userId)
    if (!user) return
    await mail.send(new AccountSuspendedMail(user, reason))
  }

  /** An admin's action on the account (decision 0210). */
  async adminAction(userId: number, notice: AccountActionNotice, reason: string) {
    const user = await User.find(userId)
    if (!user) return
    await mail.send(new AccountActionMail(user, notice, reason))
  }

  async reinstated(userId: number) {
    const user = await User.find(userId)
    if (!user) return
    await mail.send(new AccountReinstatedMail(user))
  }
}
