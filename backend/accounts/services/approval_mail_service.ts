import { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import User from '#accounts/models/user'

/** Shown in every account email; the same contact as the pending-approval screen. */
export const SUPPORT = { email: 'support@palletline.com', phone: '(800) 555-0142' }

type Recipient = { email: string; firstName: string | null; role: string }

const appUrl = () =>
  (env.get('APP_URL') ?? `http://localhost:${env.get('PORT') ?? 3333}`).replace(/\/$/, '')

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Plain text and the same paragraphs as simple HTML. */
function body(paragraphs: string[]) {
  return {
    text: paragraphs.join('\n\n') + '\n',
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  }
}

const signature = `The PalletLine team\n${SUPPORT.email} · ${SUPPORT.phone}`

/** Sent when an admin approves an account. */
export class AccountApprovedMail extends BaseMail {
  subject = 'Your PalletLine account is approved'

  constructor(private user: Recipient) {
    super()
  }

  prepare() {
    const carrier = this.user.role === 'carrier'
    const { text, html } = body([
      `Hello ${this.user.firstName ?? 'there'},`,
      carrier
        ? 'Good news: your carrier account has been approved. You can now sign in and use the carrier area: add your trucks, post capacity listings and take bookings.'
        : 'Good news: your account has been approved. You can now sign in and use PalletLine.',
      `Sign in: ${appUrl()}/login`,
      signature,
    ])
    this.message.to(this.user.email).text(text).html(html)
  }
}

/** Sent when an admin rejects an account. */
export class AccountRejectedMail extends BaseMail {
  subject = 'Your PalletLine account application'

  constructor(private user: Recipient) {
    super()
  }

  prepare() {
    const { text, html } = body([
      `Hello ${this.user.firstName ?? 'there'},`,
      `We have reviewed your ${this.user.role === 'carrier' ? 'carrier ' : ''}account and cannot approve it at this time, so it cannot be used yet.`,
      `If you think this is a mistake or can send more information (for example your DOT or MC number or proof of insurance), contact us at ${SUPPORT.email} or ${SUPPORT.phone} and we will review it again.`,
      signature,
    ])
    this.message.to(this.user.email).text(text).html(html)
  }
}

/** Tells a user the outcome of the admin review of their account. */
export default class ApprovalMailService {
  async notify(userId: number, approved: boolean) {
    const user = await User.find(userId)
    if (!user) return
    const recipient = { email: user.email, firstName: user.firstName, role: user.role }
    await mail.send(
      approved ? new AccountApprovedMail(recipient) : new AccountRejectedMail(recipient)
    )
  }
}
