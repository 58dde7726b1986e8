import type { ApplicationService } from '@adonisjs/core/types'
import { PartnerCarriersManager, type PartnerCarrierDriverFactory } from './main.js'

/** Registers the partner carriers manager built from backend/config/partner_carriers.ts. */
export default class PartnerCarriersProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton('partner_carriers.manager', () => {
      return new PartnerCarriersManager(this.app.config.get('partner_carriers'))
    })
  }
}

declare module '@adonisjs/core/types' {
  interface ContainerBindings {
    'partner_carriers.manager': PartnerCarriersManager<Record<string, PartnerCarrierDriverFactory>>
  }
}
