/**
 * The driver pattern every plugin shares: a config with a default driver and a list of lazy
 * factories, drivers built once on first use, and a fake that tests can swap in.
 */
export type DriverFactory<Driver> = () => Driver | Promise<Driver>

export type DriverConfig<Driver, KnownDrivers extends Record<string, DriverFactory<Driver>>> = {
  default: keyof KnownDrivers
  list: KnownDrivers
}

export class DriverManager<Driver, KnownDrivers extends Record<string, DriverFactory<Driver>>> {
  private cache = new Map<keyof KnownDrivers, Driver>()
  private faked: Driver | undefined
  private fakedByName = new Map<keyof KnownDrivers, Driver>()

  constructor(protected config: DriverConfig<Driver, KnownDrivers>) {}

  async use(name?: keyof KnownDrivers): Promise<Driver> {
    const driverName = name ?? this.config.default
    const faked = this.fakedByName.get(driverName) ?? this.faked
    if (faked) return faked
    const cached = this.cache.get(driverName)
    if (cached) return cached
    const factory = this.config.list[driverName]
    if (!factory) throw new Error(`Unknown driver "${String(driverName)}"`)
    const driver = await factory()
    this.cache.set(driverName, driver)
    return driver
  }

  /** Routes calls for `name` (every driver when omitted) to `driver` until restore(). */
  swap<T extends Driver>(driver: T, name?: keyof KnownDrivers): T {
    if (name === undefined) this.faked = driver
    else this.fakedByName.set(name, driver)
    return driver
  }

  restore() {
    this.faked = undefined
    this.fakedByName.clear()
  }
}
