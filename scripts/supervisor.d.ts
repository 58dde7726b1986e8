import type { ChildProcess } from 'node:child_process'
import type { EventEmitter } from 'node:events'

export type Backoff = { initialMs: number; maxMs: number; resetAfterMs: number }

export declare const DEFAULT_BACKOFF: Backoff
export declare function restartDelay(
  failures: number,
  backoff?: Pick<Backoff, 'initialMs' | 'maxMs'>
): number

export type StartEvent = { name: string; pid: number | undefined; restarts: number }
export type ExitEvent = {
  name: string
  pid: number | undefined
  code: number | null
  signal: NodeJS.Signals | null
  /** null when no restart follows (the supervisor is stopping) */
  delay: number | null
}

export declare class Supervisor extends EventEmitter {
  constructor(options?: Partial<Backoff> & { stopTimeoutMs?: number; log?: (line: string) => void })
  readonly backoff: Backoff
  readonly stopTimeoutMs: number
  readonly stopping: boolean
  add(name: string, start: () => ChildProcess, options?: { stopSignal?: NodeJS.Signals }): this
  child(name: string): ChildProcess | null
  stop(): Promise<void>
  kill(): void
  on(event: 'start', listener: (event: StartEvent) => void): this
  on(event: 'exit', listener: (event: ExitEvent) => void): this
  on(event: 'stopped', listener: () => void): this
  on(event: string | symbol, listener: (...args: any[]) => void): this
}

export declare function stopOnSignals(
  supervisor: Supervisor,
  options?: { exitCode?: number; log?: (line: string) => void }
): void
