import type { ApplicationService } from '@adonisjs/core/types'
import { GeocodingManager } from './main.js'

/** Registers the geocoding manager built from backend/config/geocoding.ts. */
export default class GeocodingProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton('geocoding.manager', () => {
      return new GeocodingManager(this.app.config.get('geocoding'))
    })
  }
}

declare module '@adonisjs/core/types' {
  interface ContainerBindings {
    'geocoding.manager': GeocodingManager<any>
  }
}
