/*
 * Keeps a few child processes running, for `npm run cluster` (scripts/cluster.js): a process
 * that exits is started again after a backoff (0.5 s, doubling to 10 s; back to 0.5 s once it
 * had stayed up 30 s), while the others keep running. `stop()` stops them all at once and
 * restarts nothing more; `stopOnSignals` wires it to SIGINT and SIGTERM. Plain JavaScript, so
 * the script runs without a TypeScript loader; its types are in supervisor.d.ts.
 * docs/operations.md ("Deployments") and docs/decisions/0163.
 */
import { EventEmitter } from 'node:events'

export const DEFAULT_BACKOFF = { initialMs: 500, maxMs: 10_000, resetAfterMs: 30_000 }

/** The wait before the `failures`-th restart in a row: doubling from initialMs, at most maxMs. */
export function restartDelay(failures, { initialMs, maxMs } = DEFAULT_BACKOFF) {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, failures - 1))
}

const alive = (child) => child !== null && child.exitCode === null && child.signalCode === null

/**
 * Events: `start` { name, pid, restarts }, `exit` { name, pid, code, signal, delay } (delay is
 * null when no restart follows: the supervisor is stopping), `stopped` once every child is gone.
 */
export class Supervisor extends EventEmitter {
  #entries = []
  #stopping = null

  constructor({
    initialMs = DEFAULT_BACKOFF.initialMs,
    maxMs = DEFAULT_BACKOFF.maxMs,
    resetAfterMs = DEFAULT_BACKOFF.resetAfterMs,
    stopTimeoutMs = 30_000,
    log = console.log,
  } = {}) {
    super()
    this.backoff = { initialMs, maxMs, resetAfterMs }
    this.stopTimeoutMs = stopTimeoutMs
    this.log = log
  }

  get stopping() {
    return this.#stopping !== null
  }

  /**
   * Runs `start()` (which returns a ChildProcess) now, and again after each exit. `stopSignal`
   * is how to ask it to stop (SIGTERM; nginx's graceful stop is SIGQUIT). A `start()` that
   * throws at once here throws to the caller; on a restart it counts as one more failure.
   */
  add(name, start, { stopSignal = 'SIGTERM' } = {}) {
    if (this.#stopping) throw new Error('the supervisor is stopping')
    const entry = {
      name,
      start,
      stopSignal,
      child: null,
      failures: 0,
      restarts: 0,
      startedAt: 0,
      timer: null,
    }
    this.#entries.push(entry)
    this.#launch(entry)
    return this
  }

  /** The running process of `name`, or null (exited, waiting for its restart). */
  child(name) {
    const child = this.#entries.find((e) => e.name === name)?.child ?? null
    return alive(child) ? child : null
  }

  #launch(entry) {
    entry.timer = null
    const child = entry.start()
    entry.child = child
    entry.startedAt = Date.now()
    const exited = (info) => {
      if (entry.child !== child) return
      entry.child = null
      this.#afterExit(entry, { pid: child.pid, ...info })
    }
    // A process that could not be spawned at all emits `error` (and no `exit`).
    child.on('error', (error) => {
      if (child.pid === undefined) exited({ code: null, signal: null, error })
    })
    child.once('exit', (code, signal) => exited({ code, signal }))
    this.emit('start', { name: entry.name, pid: child.pid, restarts: entry.restarts })
  }

  #afterExit(entry, { pid, code, signal, error }) {
    if (this.#stopping) {
      this.emit('exit', { name: entry.name, pid, code, signal, delay: null })
      return
    }
    // Up for a while: a new failure, not one more of a crash loop.
    if (Date.now() - entry.startedAt >= this.backoff.resetAfterMs) entry.failures = 0
    entry.failures += 1
    const delay = restartDelay(entry.failures, this.backoff)
    const how = error ? error.message : signal ? `signal ${signal}` : `code ${code}`
    this.log(`✖ ${entry.name} exited (${how}); starting it again in ${delay} ms`)
    this.emit('exit', { name: entry.name, pid, code, signal, delay })
    entry.timer = setTimeout(() => this.#restart(entry), delay)
  }

  #restart(entry) {
    if (this.#stopping) return
    entry.restarts += 1
    try {
      this.#launch(entry)
    } catch (error) {
      // A start that throws (nginx refusing its configuration) is one more failure.
      entry.child = null
      entry.startedAt = Date.now()
      this.#afterExit(entry, { pid: undefined, code: null, signal: null, error })
    }
  }

  #stopOne(entry) {
    clearTimeout(entry.timer)
    entry.timer = null
    const child = entry.child
    if (!alive(child)) return Promise.resolve()
    return new Promise((resolve) => {
      const kill = setTimeout(() => {
        this.log(`✖ ${entry.name} did not stop within ${this.stopTimeoutMs} ms: killing it`)
        child.kill('SIGKILL')
      }, this.stopTimeoutMs)
      child.once('exit', () => {
        clearTimeout(kill)
        resolve()
      })
      child.kill(entry.stopSignal)
    })
  }

  /**
   * Stops every process at once (each gets its stop signal; one still running after
   * `stopTimeoutMs` is killed) and restarts none. Resolves once all have exited; the same
   * promise on every call. At once, not the balancer first: nginx's graceful stop waits for
   * its open requests, live-update streams among them, which end only when the instances
   * behind it drain.
   */
  stop() {
    if (this.#stopping) return this.#stopping
    this.#stopping = Promise.all(this.#entries.map((entry) => this.#stopOne(entry))).then(() => {
      this.emit('stopped')
    })
    return this.#stopping
  }

  /** SIGKILL to every process still running (a second Ctrl+C while stopping). */
  kill() {
    for (const entry of this.#entries) if (alive(entry.child)) entry.child.kill('SIGKILL')
  }
}

/**
 * SIGINT and SIGTERM stop every process, then this one exits with `exitCode`; a second signal
 * while stopping kills what is left.
 */
export function stopOnSignals(supervisor, { exitCode = 0, log = console.log } = {}) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (supervisor.stopping) {
        log('▸ Killing what is left')
        supervisor.kill()
        return
      }
      log(`▸ ${signal}: stopping every process`)
      void supervisor.stop().then(() => process.exit(exitCode))
    })
  }
}
