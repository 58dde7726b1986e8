import { DateTime } from 'luxon'

/**
 * The time source. Services take it by injection so tests can swap in a fixed clock
 * (`app.container.swap(Clock, () => new FixedClock(...))`) and check time boundaries exactly.
 */
export class Clock {
  now(): DateTime {
    return DateTime.now()
  }

  /**
   * The same instant as `now()`, in epoch milliseconds, without building a DateTime (about a
   * microsecond each, on hot read paths that only compare times). A clock that tells its own
   * time (a subclass overriding `now`) is asked for it.
   */
  nowMillis(): number {
    return this.now === Clock.prototype.now ? Date.now() : this.now().toMillis()
  }
}

export class FixedClock extends Clock {
  constructor(private current: DateTime) {
    super()
  }

  now() {
    return this.current
  }

  set(to: DateTime) {
    this.current = to
  }

  advance(duration: Parameters<DateTime['plus']>[0]) {
    this.current = this.current.plus(duration)
  }
}
