import { DriverManager, type DriverConfig, type DriverFactory } from '../driver_manager.js'
import type { CarrierVettingDriver, CensusRecord } from './types.js'
import type { CensusFileOptions } from './drivers/census_file.js'
import type { FmcsaOptions } from './drivers/fmcsa.js'
import { FakeCarrierVetting } from './drivers/fake.js'

export type * from './types.js'
export type { CensusFileOptions } from './drivers/census_file.js'
export type { FmcsaOptions } from './drivers/fmcsa.js'
export { FakeCarrierVetting, cleanRecord } from './drivers/fake.js'
export { normaliseDot } from './drivers/census_mapper.js'
export { readSandboxRecord, writeSandboxRecords } from './drivers/sandbox_census.js'
export { censusFileLists } from './drivers/census_file.js'

export type CarrierVettingDriverFactory = DriverFactory<CarrierVettingDriver>

export function defineConfig<KnownDrivers extends Record<string, CarrierVettingDriverFactory>>(
  config: DriverConfig<CarrierVettingDriver, KnownDrivers>
) {
  return config
}

/** Driver factories; each imports its implementation lazily. */
export const drivers = {
  /** Records in the FMCSA census layout from a JSON file (the embedded default, no network). */
  census_file(options: CensusFileOptions): CarrierVettingDriverFactory {
    return async () => {
      const { createCensusFileDriver } = await import('./drivers/census_file.js')
      return createCensusFileDriver(options)
    }
  },
  /** FMCSA's QCMobile API with a web key. */
  fmcsa(options: FmcsaOptions): CarrierVettingDriverFactory {
    return async () => {
      const { createFmcsaDriver } = await import('./drivers/fmcsa.js')
      return createFmcsaDriver(options)
    }
  },
}

/** Resolves vetting drivers by name; `use()` gives the configured default. */
export class CarrierVettingManager<
  KnownDrivers extends Record<string, CarrierVettingDriverFactory>,
> extends DriverManager<CarrierVettingDriver, KnownDrivers> {
  /** Routes every lookup to an in-memory census until restore(); returns it to steer. */
  fake(options: { fallback?: (dotNumber: string) => CensusRecord | null } = {}) {
    return this.swap(new FakeCarrierVetting(options))
  }
}
