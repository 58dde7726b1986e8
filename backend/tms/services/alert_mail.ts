import { BaseMail } from '@adonisjs/mail'
import env from '#start/env'

const appUrl = () =>
  (env.get('APP_URL') ?? `http://localhost:${env.get('PORT') ?? 3333}`).replace(/\/$/, '')

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export type ShipmentAlert = {
  to: string
  firstName: string | null
  ruleName: string
  reference: string
  /** one line: what happened, where and when */
  message: string
}

/** An alert rule matched a shipment's milestone. */
export class ShipmentAlertMail extends BaseMail {
  constructor(private alert: ShipmentAlert) {
    super()
    this.subject = `${alert.reference}: ${alert.message.split(': ').slice(1).join(': ') || 'update'}`
  }

  prepare() {
    const paragraphs = [
      `Hello ${this.alert.firstName ?? 'there'},`,
      this.alert.message,
      `You get this because of your alert rule "${this.alert.ruleName}".`,
      `Follow the shipment: ${appUrl()}/tms?shipment=${encodeURIComponent(this.alert.reference)}`,
      'The PalletLine team',
    ]
    this.message
      .to(this.alert.to)
      .text(paragraphs.join('\n\n') + '\n')
      .html(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'))
  }
}
