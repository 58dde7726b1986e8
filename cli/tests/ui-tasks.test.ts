import React from 'react'
import { cleanup, render } from 'ink-testing-library'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TaskList, renderTasks, type Task, type TasksOutcome } from '../src/ui/tasks.js'
import {
  CapturedOutput,
  FakeTerminalOutput,
  eventually,
  pipedInput,
  stripAnsi,
} from './helpers/streams.js'

const h = React.createElement

afterEach(() => cleanup())

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('TaskList', () => {
  it('shows a spinner on the running task, then marks every task done', async () => {
    const approval = deferred<string>()
    const tasks: Task[] = [
      { title: 'Approving user 12', run: () => approval.promise },
      { title: 'Notifying the carrier', run: async () => 'sent' },
    ]
    const onComplete = vi.fn<(outcome: TasksOutcome) => void>()
    const { lastFrame } = render(h(TaskList, { tasks, onComplete }))

    await eventually(() => {
      const [first, second] = stripAnsi(lastFrame() ?? '').split('\n')
      expect(first).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Approving user 12…$/)
      expect(second).toBe('○ Notifying the carrier…')
    })

    approval.resolve('approved')
    await eventually(() =>
      expect(onComplete).toHaveBeenCalledWith({ ok: true, results: ['approved', 'sent'] })
    )
    expect(stripAnsi(lastFrame() ?? '')).toBe(
      '✔ Approving user 12… done\n✔ Notifying the carrier… done'
    )
  })

  it('stops at the first failure and reports it', async () => {
    const failure = new Error('403: Only admins can approve users')
    const onComplete = vi.fn<(outcome: TasksOutcome) => void>()
    const tasks: Task[] = [
      { title: 'Approving user 12', run: () => Promise.reject(failure) },
      { title: 'Approving user 13', run: async () => 'never runs' },
    ]
    const { lastFrame } = render(h(TaskList, { tasks, onComplete }))

    await eventually(() => expect(onComplete).toHaveBeenCalledWith({ ok: false, error: failure }))
    expect(stripAnsi(lastFrame() ?? '')).toBe('✖ Approving user 12… failed\n○ Approving user 13…')
  })
})

describe('renderTasks', () => {
  it('draws live on a terminal and resolves with the results when finished', async () => {
    const stdout = new FakeTerminalOutput()
    const results = await renderTasks(
      [{ title: 'Revoking token 7 of user 12', run: async () => 204 }],
      { stdout, stdin: pipedInput }
    )
    expect(results).toEqual([204])
    expect(stripAnsi(stdout.text)).toContain('✔ Revoking token 7 of user 12… done')
  })

  it('prints one plain line per finished task when piped, and rethrows a failure', async () => {
    const stdout = new CapturedOutput()
    const failure = new Error('409: already approved')
    const attempt = renderTasks(
      [
        { title: 'Approving user 12', run: async () => 'ok' },
        { title: 'Approving user 13', run: () => Promise.reject(failure) },
      ],
      { stdout, stdin: pipedInput }
    )
    await expect(attempt).rejects.toBe(failure)
    expect(stripAnsi(stdout.text)).toBe('✔ Approving user 12… done\n✖ Approving user 13… failed\n')
  })
})
