import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

export type PreviewTransportOptions = {
  /** where the .eml files go */
  directory: string
  /** gets one line per message (to, subject, file) */
  logger?: { info(bindings: Record<string, unknown>, message: string): void }
}

export type PreviewResult = { file: string; raw: string }

const safe = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80)

/**
 * The embedded mail transport: builds the real RFC 822 message, writes it to
 * `<directory>/<time>-<message id>.eml` (open it in any mail client to preview it) and logs
 * one line. Nothing leaves the machine.
 */
export class PreviewTransport implements MailTransportContract {
  private composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })

  constructor(private options: PreviewTransportOptions) {}

  async send(message: NodeMailerMessage): Promise<MailResponse<PreviewResult>> {
    const info = await this.composer.sendMail(message as nodemailer.SendMailOptions)
    const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : String(info.message)
    await mkdir(this.options.directory, { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = join(this.options.directory, `${stamp}-${safe(info.messageId)}.eml`)
    await writeFile(file, raw, 'utf8')
    this.options.logger?.info(
      {
        to: info.envelope.to,
        subject: message.subject,
        messageId: info.messageId,
        file,
      },
      'mail written to preview'
    )
    return new MailResponse(info.messageId, info.envelope, { file, raw })
  }

  close() {
    this.composer.close()
  }
}
