import { DriverManager, type DriverConfig, type DriverFactory } from '../driver_manager.js'
import type { GeocodingDriver, GeocodeResult } from './types.js'

export type { GeocodingDriver, GeocodeResult, GeocodeFailure, Place } from './types.js'
export { FakeGeocodingDriver } from './drivers/fake.js'

export type GeocodingDriverFactory = DriverFactory<GeocodingDriver>

export function defineConfig<KnownDrivers extends Record<string, GeocodingDriverFactory>>(
  config: DriverConfig<GeocodingDriver, KnownDrivers>
) {
  return config
}

export const drivers = {
  /** US ZIP and city centroids from the `zipcodes` data package; no network. */
  offline(): GeocodingDriverFactory {
    return async () => {
      const { OfflineGeocodingDriver } = await import('./drivers/offline.js')
      return new OfflineGeocodingDriver()
    }
  },
}

export class GeocodingManager<
  KnownDrivers extends Record<string, GeocodingDriverFactory>,
> extends DriverManager<GeocodingDriver, KnownDrivers> {
  async geocode(address: string): Promise<GeocodeResult> {
    return (await this.use()).geocode(address)
  }
}
