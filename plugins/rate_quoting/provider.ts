import type { ApplicationService } from '@adonisjs/core/types'
import { RateQuotingManager } from './main.js'

/** Registers the rate quoting manager built from backend/config/rate_quoting.ts. */
export default class RateQuotingProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton('rate_quoting.manager', () => {
      return new RateQuotingManager(this.app.config.get('rate_quoting'))
    })
  }
}

declare module '@adonisjs/core/types' {
  interface ContainerBindings {
    'rate_quoting.manager': RateQuotingManager<any>
  }
}
