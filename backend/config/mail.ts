import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { mailTransports } from '#plugins/mail/main'

/**
 * MAIL_DRIVER=log (default): every message is written to tmp/mail/*.eml and logged, nothing is
 * sent. MAIL_DRIVER=smtp: sent through SMTP_HOST / SMTP_PORT / SMTP_USERNAME / SMTP_PASSWORD.
 */
const mailConfig = defineConfig({
  default: env.get('MAIL_DRIVER', 'log'),
  from: {
    address: env.get('MAIL_FROM_ADDRESS') ?? 'no-reply@palletline.test',
    name: env.get('MAIL_FROM_NAME') ?? 'PalletLine',
  },
  mailers: {
    log: mailTransports.preview({
      directory: env.get('MAIL_PREVIEW_DIR') ?? app.tmpPath('mail'),
    }),
    smtp: transports.smtp({
      host: env.get('SMTP_HOST') ?? '127.0.0.1',
      port: env.get('SMTP_PORT') ?? 587,
      secure: env.get('SMTP_SECURE') === 'true',
      ...(env.get('SMTP_USERNAME')
        ? {
            auth: {
              type: 'login' as const,
              user: env.get('SMTP_USERNAME')!,
              pass: env.get('SMTP_PASSWORD') ?? '',
            },
          }
        : {}),
    }),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
