import { spawn, type ChildProcess } from 'node:child_process'
import { realClockEnv } from '#tests/helpers'
import { connect } from 'node:net'

/**
 * A redis-server of the test's own on `port` (no persistence), for tests that stop and start
 * Redis or need a Redis nobody else uses. The shared Redis (127.0.0.1:6379) is never stopped
 * or flushed by a test. `redis-server` is on PATH on developer machines and in CI.
 */
export class RedisServer {
  #child: ChildProcess | null = null
  #output = ''

  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`
  }

  get running() {
    return this.#child !== null
  }

  output() {
    return this.#output
  }

  /** Starts it and waits until it answers PING (60 s at most: a loaded machine is slow). */
  async start(timeoutMs = 60_000) {
    if (this.#child) return
    if (await answersPing(this.port)) {
      throw new Error(`port ${this.port} already has a Redis: not ours to use`)
    }
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: realClockEnv() }
    )
    child.stdout!.on('data', (chunk) => (this.#output += chunk))
    child.stderr!.on('data', (chunk) => (this.#output += chunk))
    this.#child = child
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        this.#child = null
        throw new Error(`redis-server exited: ${this.#output}`)
      }
      if (await answersPing(this.port)) return
      await sleep(100)
    }
    await this.stop()
    throw new Error(`redis-server did not answer on ${this.port}: ${this.#output}`)
  }

  /** Stops it (SIGTERM, then SIGKILL after 10 s) and waits until it is gone. */
  async stop() {
    const child = this.#child
    if (!child) return
    this.#child = null
    if (child.exitCode !== null || child.signalCode !== null) return
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.once('exit', () => {
        clearTimeout(kill)
        resolve()
      })
      child.kill('SIGTERM')
    })
  }
}

/** Whether something on `port` answers a Redis PING with PONG. */
export function answersPing(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    let reply = ''
    const done = (answer: boolean) => {
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.on('error', () => done(false))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'))
    })
  })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Calls `probe` until it returns a value that is not undefined, every `everyMs`; throws after
 * `timeoutMs` with `what` and the last value seen.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { timeoutMs = 30_000, everyMs = 200 } = {}
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  while (Date.now() < deadline) {
    try {
      const value = await probe()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    await sleep(everyMs)
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last: ${String(last)})` : ''}`)
}
