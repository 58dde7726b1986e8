/*
 * A request's logger costs nothing until it writes. AdonisJS gives every request a pino child
 * logger carrying its id (`ctx.logger`); making one serialises its bindings, about 4 % of the
 * cheapest request, and at the level a production server runs its request lines at (`warn`
 * and above) most requests never write one. Here the child is made on the first line its
 * level lets through, or the first time anything reads its pino instance; until then a line
 * below the level is dropped by asking the parent, exactly as the child would have dropped it.
 */
import { Logger } from '@adonisjs/core/logger'
import logger from '@adonisjs/core/services/logger'

type Pino = Logger['pino']
type Bindings = Parameters<Pino['child']>[0]
type ChildOptions = Parameters<Pino['child']>[1]

/**
 * A Logger (its prototype is Logger's, so `instanceof Logger` holds and every method is the
 * framework's) whose pino child is made on first use. It does not run Logger's constructor,
 * whose class field would make `pino` an own property of every instance.
 */
class LazyChildLogger {
  config: Logger['config']
  parent: Pino
  bindings_: Bindings
  options: ChildOptions | undefined
  child_: Pino | undefined = undefined

  constructor(parent: Logger, bindings: Bindings, options?: ChildOptions) {
    // (`config` is protected: the bracket reads it from another instance.)
    this.config = parent['config']
    this.parent = parent.pino
    this.bindings_ = bindings
    this.options = options
  }

  get pino(): Pino {
    this.child_ ??= this.parent.child(this.bindings_, this.options)
    return this.child_
  }

  set pino(value: Pino) {
    this.child_ = value
  }

  /** Whether the pino child exists yet (for tests). */
  get materialized() {
    return this.child_ !== undefined
  }

  isLevelEnabled(level: string) {
    if (!this.config.enabled) return false
    return (this.child_ ?? this.parent).isLevelEnabled(level)
  }

  log(level: string, mergingObject: any, message?: string, ...values: any[]) {
    if (!this.config.enabled) return
    // A child made without a level of its own has its parent's: a line the parent drops, the
    // child would drop too.
    if (!this.child_ && this.options?.level === undefined && !this.parent.isLevelEnabled(level)) {
      return
    }
    ;(this.pino as any)[level](mergingObject, message, ...values)
  }
}
Object.setPrototypeOf(LazyChildLogger.prototype, Logger.prototype)

/** A child of `parent` whose pino child is made on first use. */
export function lazyChild(parent: Logger, bindings: Bindings, options?: ChildOptions): Logger {
  return new LazyChildLogger(parent, bindings, options) as unknown as Logger
}

const child = logger.child.bind(logger)

/** Every child of the app's logger (each request's among them) is made when first used. */
logger.child = ((bindings: Bindings, options?: ChildOptions) =>
  logger.isEnabled ? lazyChild(logger, bindings, options) : child(bindings, options)) as any
