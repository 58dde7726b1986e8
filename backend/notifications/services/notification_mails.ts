import { BaseMail } from '@adonisjs/mail'
import { KIND_LABELS, type NotificationKind } from '#notifications/notification_rules'

const escape = (line: string) => line.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export type MailedNotification = {
  kind: NotificationKind
  title: string
  body: string
  /** the absolute URL of its link */
  url: string
}

/**
 * What every notification mail carries (RFC 2369 and RFC 8058): `List-Unsubscribe` with the
 * signed one-click URL of the kind (a mail client POSTs `List-Unsubscribe=One-Click` to it) and
 * `List-Unsubscribe-Post`. A digest covers several kinds; its header names the first and its
 * text links each kind's own.
 */
abstract class NotificationMail extends BaseMail {
  constructor(
    protected to: string,
    protected unsubscribeUrl: string,
    protected settingsUrl: string
  ) {
    super()
  }

  abstract lines(): string[]

  prepare() {
    const lines = this.lines()
    this.message
      .to(this.to)
      .header('List-Unsubscribe', `<${this.unsubscribeUrl}>`)
      .header('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
      .text(lines.join('\n\n') + '\n')
      .html(lines.map((l) => `<p>${escape(l)}</p>`).join('\n'))
  }
}

/** One notification, mailed at once (the kind's channel is `email_immediate`). */
export class NotificationNowMail extends NotificationMail {
  subject: string

  constructor(
    to: string,
    private notification: MailedNotification,
    unsubscribeUrl: string,
    settingsUrl: string
  ) {
    super(to, unsubscribeUrl, settingsUrl)
    this.subject = notification.title
  }

  lines() {
    return [
      'Hello,',
      this.notification.body,
      `Open it on PalletLine: ${this.notification.url}`,
      `You get this mail for "${KIND_LABELS[this.notification.kind]}". Stop these mails: ${this.unsubscribeUrl} · choose what you hear about: ${this.settingsUrl}`,
      'The PalletLine team',
    ]
  }
}

/** The day's unread notifications of the kinds whose channel is `email_digest`, in one mail. */
export class NotificationDigestMail extends NotificationMail {
  subject: string

  constructor(
    to: string,
    private day: string,
    private notifications: MailedNotification[],
    /** the one-click URL of each kind in the digest */
    private unsubscribeUrls: Map<NotificationKind, string>,
    settingsUrl: string
  ) {
    super(to, unsubscribeUrls.values().next().value!, settingsUrl)
    const n = notifications.length
    this.subject = `Your PalletLine digest for ${day}: ${n} unread notification${n === 1 ? '' : 's'}`
  }

  lines() {
    return [
      'Hello,',
      `What happened on ${this.day} that you have not read yet:`,
      ...this.notifications.map((n) => `${n.title}: ${n.body} ${n.url}`),
      ...[...this.unsubscribeUrls].map(
        ([kind, url]) => `Stop the digest of "${KIND_LABELS[kind]}": ${url}`
      ),
      `Choose what you hear about: ${this.settingsUrl}`,
      'The PalletLine team',
    ]
  }
}
