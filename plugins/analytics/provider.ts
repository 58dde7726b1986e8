import type { ApplicationService } from '@adonisjs/core/types'
import { AnalyticsManager } from './main.js'

/** Registers the analytics manager built from backend/config/analytics.ts. */
export default class AnalyticsProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton('analytics.manager', () => {
      return new AnalyticsManager(this.app.config.get('analytics'))
    })
  }
}

declare module '@adonisjs/core/types' {
  interface ContainerBindings {
    'analytics.manager': AnalyticsManager<any>
  }
}
