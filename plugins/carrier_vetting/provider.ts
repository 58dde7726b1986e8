import type { ApplicationService } from '@adonisjs/core/types'
import { CarrierVettingManager } from './main.js'

/** Registers the carrier vetting manager built from backend/config/carrier_vetting.ts. */
export default class CarrierVettingProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton('carrier_vetting.manager', () => {
      return new CarrierVettingManager(this.app.config.get('carrier_vetting'))
    })
  }
}

declare module '@adonisjs/core/types' {
  interface ContainerBindings {
    'carrier_vetting.manager': CarrierVettingManager<any>
  }
}
