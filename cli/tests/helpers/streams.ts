import { EventEmitter } from 'node:events'
import { Writable } from 'node:stream'

/** A piped stdout/stderr that keeps what was written. */
export class CapturedOutput extends Writable {
  text = ''
  isTTY = false
  columns = 120

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString()
    callback()
  }
}

/** A terminal screen for Ink's live renderer. */
export class FakeTerminalOutput extends EventEmitter {
  isTTY = true
  columns = 100
  rows = 40
  text = ''

  write = (chunk: string): boolean => {
    this.text += chunk
    return true
  }
}

/** A terminal keyboard in raw mode: `press('y')` is one key stroke, as Ink reads it. */
export class FakeTerminalInput extends EventEmitter {
  isTTY = true
  private pending: string | null = null

  press(keys: string): void {
    this.pending = keys
    this.emit('readable')
    this.emit('data', keys)
  }

  read = (): string | null => {
    const keys = this.pending
    this.pending = null
    return keys
  }

  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

/** A stdin that is not a terminal (a pipe or /dev/null). */
export const pipedInput = { isTTY: false }

export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001B\[[0-9;?<>=]*[ -/]*[@-~]/g, '')
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls until `check` stops throwing; Ink renders and runs effects asynchronously. */
export async function eventually(check: () => void, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      check()
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await delay(10)
    }
  }
}
