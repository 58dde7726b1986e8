import { inject } from '@adonisjs/core'
import { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { Clock } from '#core/clock'
import ContactMessage from '#accounts/models/contact_message'
import { SUPPORT } from '#accounts/services/approval_mail_service'
import { CONTACT_PER_PAGE } from '#accounts/validators/contact'

export type ContactInput = {
  name: string
  email: string
  company?: string
  subject: string
  message: string
}

/** A stored message as admins read it. */
export type ContactMessageView = {
  id: number
  name: string
  email: string
  company: string | null
  subject: string
  message: string
  fromUserId: number | null
  /** ISO 8601, UTC */
  receivedAt: string
}

/** The operators' inbox: CONTACT_INBOX_EMAIL, else the support address every page shows. */
export function contactInbox(): string {
  return env.get('CONTACT_INBOX_EMAIL') ?? SUPPORT.email
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
function body(paragraphs: string[]) {
  return {
    text: paragraphs.join('\n\n') + '\n',
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  }
}

/** To the operators: the message, replying goes to the sender. */
export class ContactReceivedMail extends BaseMail {
  constructor(private row: ContactMessage) {
    super()
    this.subject = `Contact form: ${row.subject}`
  }

  prepare() {
    const from = `${this.row.name} <${this.row.email}>`
    const { text, html } = body([
      `From: ${from}${this.row.company ? `\nCompany: ${this.row.company}` : ''}${
        this.row.userId ? `\nSigned in as user #${this.row.userId}` : ''
      }`,
      `Subject: ${this.row.subject}`,
      this.row.message,
      `Message #${this.row.id}, also listed in the admin console.`,
    ])
    this.message.to(contactInbox()).replyTo(this.row.email, this.row.name).text(text).html(html)
  }
}

/** To the sender: we have it, what they sent, and when to expect an answer. */
export class ContactConfirmationMail extends BaseMail {
  subject = 'We received your message'

  constructor(private row: ContactMessage) {
    super()
  }

  prepare() {
    const { text, html } = body([
      `Hello ${this.row.name},`,
      'Thank you for contacting PalletLine. We have received your message and will get back to you within 24 hours.',
      `Your message (“${this.row.subject}”):\n${this.row.message}`,
      `The PalletLine team\n${SUPPORT.email} · ${SUPPORT.phone}`,
    ])
    this.message.to(this.row.email, this.row.name).text(text).html(html)
  }
}

/** The contact form (decision 0185): stored, mailed to the operators, confirmed to the sender. */
@inject()
export default class ContactService {
  constructor(private clock: Clock) {}

  async submit(input: ContactInput, userId: number | null): Promise<void> {
    const row = await ContactMessage.create({
      name: input.name,
      email: input.email,
      company: input.company || null,
      subject: input.subject,
      message: input.message,
      userId,
      createdAt: this.clock.now(),
    })
    // The admins' inbox lists it at once (docs/decisions/0171), whatever the mail does.
    await emitter.emit('contact:received', { contactMessageId: row.id })
    // The message is kept whatever the mail server does; admins read it in the console.
    try {
      await mail.send(new ContactReceivedMail(row))
      await mail.send(new ContactConfirmationMail(row))
    } catch (error) {
      logger.error({ err: error, contactMessageId: row.id }, 'contact mail not sent')
    }
  }

  /** Newest first, a page at a time. */
  async list(page = 1, perPage = CONTACT_PER_PAGE) {
    const result = await ContactMessage.query()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .paginate(page, perPage)
    return {
      data: result.all().map((row): ContactMessageView => ({
        id: row.id,
        name: row.name,
        email: row.email,
        company: row.company,
        subject: row.subject,
        message: row.message,
        fromUserId: row.userId,
        receivedAt: row.createdAt.toUTC().toISO()!,
      })),
      meta: {
        total: result.total,
        perPage,
        currentPage: page,
        lastPage: Math.max(1, result.lastPage),
      },
    }
  }
}
