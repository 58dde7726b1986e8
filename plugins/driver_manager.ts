/**
 * The driver pattern every plugin shares: a config with a default driver and a list of lazy
 * factories, drivers built once on first use, and a fake that tests can swap in.
 */
export type DriverFactory<Driver> = () => Driver | Promise<Driver>

export type DriverConfig<Driver, KnownDrivers extends Record<string, DriverFactory<Driver>>> = {
  default: keyof KnownDrivers
  list: KnownDrivers
}

/** A driver's name: one of the config's, or one registered with `extend()`. */
export type DriverName<KnownDrivers> = (keyof KnownDrivers & string) | (string & {})

export class DriverManager<Driver, KnownDrivers extends Record<string, DriverFactory<Driver>>> {
  /**
   * The promise of each driver, kept from the first call: two first calls at once share one
   * build instead of each awaiting a factory and building a driver of its own.
   */
  private cache = new Map<string, Promise<Driver>>()
  private extensions = new Map<string, DriverFactory<Driver>>()
  private faked: Driver | undefined
  private fakedByName = new Map<string, Driver>()

  constructor(protected config: DriverConfig<Driver, KnownDrivers>) {}

  use(name?: DriverName<KnownDrivers>): Promise<Driver> {
    const driverName = String(name ?? this.config.default)
    const faked = this.fakedByName.get(driverName) ?? this.faked
    if (faked) return Promise.resolve(faked)
    const cached = this.cache.get(driverName)
    if (cached) return cached
    const factory = this.factoryOf(driverName)
    if (!factory) return Promise.reject(new Error(`Unknown driver "${driverName}"`))
    const built = Promise.resolve().then(factory)
    this.cache.set(driverName, built)
    // A factory that failed is asked again next time rather than remembered as failed.
    built.catch(() => this.cache.delete(driverName))
    return built
  }

  /** Whether `name` is a driver of the config or of `extend()`. */
  has(name: string): boolean {
    return this.factoryOf(name) !== undefined
  }

  /** Every driver's name: the config's, then those registered with `extend()`. */
  names(): string[] {
    return [...Object.keys(this.config.list), ...this.extensions.keys()]
  }

  /**
   * Registers a driver the config does not list (one shipped in a package or a test fixture),
   * under a name the config does not use; `forget(name)` removes it.
   */
  extend(name: string, factory: DriverFactory<Driver>): this {
    if (Object.hasOwn(this.config.list, name) || this.extensions.has(name)) {
      throw new Error(`Driver "${name}" is already registered`)
    }
    this.extensions.set(name, factory)
    return this
  }

  /** Removes a driver registered with `extend()` and the instance built from it. */
  forget(name: string): void {
    this.extensions.delete(name)
    this.cache.delete(name)
  }

  /**
   * Drops the instance built for `name` (every one when omitted): the next use() builds it again
   * from its factory. Tests start a simulator's memory afresh with it; fakes are untouched.
   */
  rebuild(name?: string): void {
    if (name === undefined) this.cache.clear()
    else this.cache.delete(name)
  }

  /** Routes calls for `name` (every driver when omitted) to `driver` until restore(). */
  swap<T extends Driver>(driver: T, name?: DriverName<KnownDrivers>): T {
    if (name === undefined) this.faked = driver
    else this.fakedByName.set(String(name), driver)
    return driver
  }

  restore() {
    this.faked = undefined
    this.fakedByName.clear()
  }

  private factoryOf(name: string): DriverFactory<Driver> | undefined {
    return Object.hasOwn(this.config.list, name)
      ? this.config.list[name]
      : this.extensions.get(name)
  }
}
