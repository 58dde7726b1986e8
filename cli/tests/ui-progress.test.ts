import { describe, expect, it } from 'vitest'
import { renderProgress, StepFailedError } from '../src/ui/progress.js'
import type { Task } from '../src/ui/tasks.js'
import { FakeTerminalOutput, eventually, pipedInput, stripAnsi } from './helpers/streams.js'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('renderProgress on a terminal', () => {
  it('draws one live bar naming the running step, and ends at 100%', async () => {
    const gate = deferred()
    const tasks: Task[] = [
      { title: 'Registering shipper 1', run: async () => 'a' },
      { title: 'Booking 1', run: () => gate.promise.then(() => 'b') },
    ]
    const stdout = new FakeTerminalOutput()
    const running = renderProgress(tasks, { stdout, stdin: pipedInput })
    await eventually(() =>
      expect(stripAnsi(stdout.text)).toMatch(/ 1\/2\s+50% ETA \S+\s+Booking 1/)
    )
    gate.resolve()
    expect(await running).toEqual(['a', 'b'])
    expect(stripAnsi(stdout.text)).toMatch(/█{30} 2\/2 100% ETA 0s\s+done/)
  })

  it('rejects naming the failed step', async () => {
    const stdout = new FakeTerminalOutput()
    const failing = renderProgress(
      [{ title: 'Paying booking 1', run: async () => Promise.reject(new Error('402: declined')) }],
      { stdout, stdin: pipedInput }
    )
    await expect(failing).rejects.toBeInstanceOf(StepFailedError)
    await expect(failing).rejects.toThrow('Paying booking 1: 402: declined')
  })
})
