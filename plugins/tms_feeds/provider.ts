import type { ApplicationService } from '@adonisjs/core/types'
import { TmsFeedsManager } from './main.js'

/** Registers the TMS feeds manager built from backend/config/tms_feeds.ts. */
export default class TmsFeedsProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton('tms_feeds.manager', () => {
      return new TmsFeedsManager(this.app.config.get('tms_feeds'))
    })
  }
}

declare module '@adonisjs/core/types' {
  interface ContainerBindings {
    'tms_feeds.manager': TmsFeedsManager<any>
  }
}
