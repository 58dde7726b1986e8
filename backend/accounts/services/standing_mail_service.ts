import { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import User from '#accounts/models/user'
import { SUPPORT } from '#accounts/services/approval_mail_service'

type Recipient = { email: string; firstName: string | null }

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
      'Your PalletLine account has been suspended. While it is suspended your listings are hidden from search and you cannot take new loads; bookings already paid for stay as they are.',
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

/** Tells a user their account was suspended or reinstated. */
export default class StandingMailService {
  async suspended(userId: number, reason: string) {
    const user = await User.find(userId)
    if (!user) return
    await mail.send(new AccountSuspendedMail(user, reason))
  }

  async reinstated(userId: number) {
    const user = await User.find(userId)
    if (!user) return
    await mail.send(new AccountReinstatedMail(user))
  }
}
