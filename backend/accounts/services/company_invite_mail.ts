import { BaseMail } from '@adonisjs/mail'
import type { DateTime } from 'luxon'
import { SUPPORT } from '#accounts/services/approval_mail_service'
import { businessMoment } from '#accounts/services/account_notice_service'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export type CompanyInviteLink = {
  to: string
  companyName: string
  role: string
  invitedBy: string
  link: string
  expiresAt: DateTime
}

/** The one-time link to join a company (docs/decisions/0223). */
export class CompanyInviteMail extends BaseMail {
  subject: string

  constructor(private invite: CompanyInviteLink) {
    super()
    this.subject = `Join ${invite.companyName} on PalletLine`
  }

  prepare() {
    const { invite } = this
    const paragraphs = [
      'Hello,',
      `${invite.invitedBy} invited you to join ${invite.companyName} on PalletLine as ${invite.role}. Open this link before ${businessMoment(invite.expiresAt)} to set your password and accept the User Agreement:`,
      invite.link,
      'The link works once. If you did not expect this, ignore this mail: nothing is created until the link is used.',
      `The PalletLine team\n${SUPPORT.email} · ${SUPPORT.phone}`,
    ]
    this.message
      .to(invite.to)
      .text(paragraphs.join('\n\n') + '\n')
      .html(paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'))
  }
}
