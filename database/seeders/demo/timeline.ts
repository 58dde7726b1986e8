/*
 * The demo's year replayed in order. Each step is something a person or a scheduled job did,
 * at its moment; the steps run oldest first with the app's clock set to that moment, so every
 * timestamp, "today" and deadline the services compute is the one it would have been.
 */
import { DateTime, Settings } from 'luxon'
import { FixedClock } from '#core/clock'
import { businessDay } from '#core/business_time'

type Step = { at: DateTime; order: number; what: string; run: () => Promise<unknown> }

export class Timeline {
  /** the clock every service is built with; `play` moves it to each step's moment */
  readonly clock: FixedClock
  private today: FixedClock
  private steps: Step[] = []

  constructor(readonly now: DateTime) {
    this.clock = new FixedClock(now)
    this.today = new FixedClock(now)
  }

  /** Plans a step; a plan that puts something after today is a mistake in the plan. */
  at(moment: DateTime, what: string, run: () => Promise<unknown>) {
    if (moment > this.now) throw new Error(`Demo plan: "${what}" would happen after today`)
    this.steps.push({ at: moment, order: this.steps.length, what, run })
  }

  /** Today's business day moved by `days`, as `YYYY-MM-DD`. */
  day(days: number): string {
    return businessDay(this.today, days)
  }

  get size() {
    return this.steps.length
  }

  get first(): DateTime | null {
    return this.sorted()[0]?.at ?? null
  }

  /**
   * Runs every step oldest first. Lucid stamps created_at and updated_at with luxon's own
   * "now", so that follows the clock too while the steps run.
   */
  async play(progress: (done: number, total: number) => void) {
    const steps = this.sorted()
    const realNow = Settings.now
    try {
      for (const [index, step] of steps.entries()) {
        const moment = step.at.toMillis()
        this.clock.set(step.at)
        Settings.now = () => moment
        try {
          await step.run()
        } catch (error) {
          throw new Error(
            `Demo step "${step.what}" (${step.at.toISO()}) failed: ${(error as Error).message}`,
            { cause: error }
          )
        }
        progress(index + 1, steps.length)
      }
    } finally {
      Settings.now = realNow
      this.clock.set(this.now)
    }
  }

  private sorted() {
    return [...this.steps].sort((a, b) => a.at.toMillis() - b.at.toMillis() || a.order - b.order)
  }
}
