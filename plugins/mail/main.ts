import { configProvider } from '@adonisjs/core'
import type { ConfigProvider } from '@adonisjs/core/types'
import type { PreviewTransport, PreviewTransportOptions } from './preview_transport.js'

export type { PreviewTransportOptions, PreviewResult } from './preview_transport.js'

/**
 * Mail goes through @adonisjs/mail (its manager, `mail.fake()` for tests, the SMTP transport).
 * This plugin adds the embedded default transport, `preview`, loaded lazily.
 */
export const mailTransports = {
  preview(
    options: Omit<PreviewTransportOptions, 'logger'>
  ): ConfigProvider<() => PreviewTransport> {
    return configProvider.create(async (app) => {
      const { PreviewTransport } = await import('./preview_transport.js')
      const logger = await app.container.make('logger')
      return () => new PreviewTransport({ ...options, logger })
    })
  },
}
