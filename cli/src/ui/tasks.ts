import React, { useEffect, useRef, useState } from 'react'
import { Box, Text, render, renderToString, useApp } from 'ink'
import { defaultStreams, inkStreams, type UiStreams } from './streams.js'

const h = React.createElement

export interface Task<T = unknown> {
  /** Present progressive, e.g. "Approving user 12". */
  title: string
  run: () => Promise<T>
}

export type TaskState = 'pending' | 'running' | 'done' | 'failed'

const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']

export function Spinner() {
  const [frame, setFrame] = useState(0)
  useEffect(() => {
    const timer = setInterval(
      () => setFrame((current) => (current + 1) % SPINNER_FRAMES.length),
      80
    )
    return () => clearInterval(timer)
  }, [])
  return h(Text, { color: 'cyan' }, SPINNER_FRAMES[frame])
}

export interface TaskLineProps {
  title: string
  state: TaskState
}

/** The failure itself is reported once, by the caller, as `Error: …` on stderr. */
export function TaskLine({ title, state }: TaskLineProps) {
  const marker =
    state === 'running'
      ? h(Spinner)
      : state === 'done'
        ? h(Text, { color: 'green' }, '✔')
        : state === 'failed'
          ? h(Text, { color: 'red' }, '✖')
          : h(Text, { dimColor: true }, '○')
  const suffix =
    state === 'done'
      ? h(Text, { color: 'green' }, ' done')
      : state === 'failed'
        ? h(Text, { color: 'red' }, ' failed')
        : null
  return h(Box, null, marker, h(Text, null, ` ${title}…`), suffix)
}

export type TasksOutcome = { ok: true; results: unknown[] } | { ok: false; error: unknown }

export interface TaskListProps {
  tasks: Task[]
  onComplete: (outcome: TasksOutcome) => void
}

/** Runs the tasks one after another on mount, a spinner on the running one. */
export function TaskList({ tasks, onComplete }: TaskListProps) {
  const [states, setStates] = useState<TaskState[]>(() => tasks.map(() => 'pending'))
  const [outcome, setOutcome] = useState<TasksOutcome | null>(null)
  const started = useRef(false)
  const { exit } = useApp()

  useEffect(() => {
    if (started.current) return
    started.current = true
    const mark = (index: number, state: TaskState) =>
      setStates((current) => current.map((value, i) => (i === index ? state : value)))
    void (async () => {
      const results: unknown[] = []
      for (const [index, task] of tasks.entries()) {
        mark(index, 'running')
        try {
          results.push(await task.run())
          mark(index, 'done')
        } catch (error) {
          mark(index, 'failed')
          setOutcome({ ok: false, error })
          return
        }
      }
      setOutcome({ ok: true, results })
    })()
  }, [tasks])

  // Reported after the final states have rendered, so the last frame shows them.
  useEffect(() => {
    if (!outcome) return
    onComplete(outcome)
    exit()
  }, [outcome, onComplete, exit])

  return h(
    Box,
    { flexDirection: 'column' },
    ...tasks.map((task, i) => h(TaskLine, { key: `${i}`, title: task.title, state: states[i]! }))
  )
}

/**
 * Runs tasks in order with a live spinner per task on a terminal, or one line per finished
 * task when piped. Resolves with the results; rejects with the first failure.
 */
export async function renderTasks(
  tasks: Task[],
  io: UiStreams = defaultStreams()
): Promise<unknown[]> {
  if (!io.stdout.isTTY) return runTasksPlain(tasks, io)

  let outcome = { ok: false, error: new Error('tasks were interrupted') } as TasksOutcome
  const instance = render(
    h(TaskList, {
      tasks,
      onComplete: (value) => {
        outcome = value
      },
    }),
    { ...inkStreams(io), patchConsole: false }
  )
  await instance.waitUntilExit()
  if (!outcome.ok) throw outcome.error
  return outcome.results
}

async function runTasksPlain(tasks: Task[], io: UiStreams): Promise<unknown[]> {
  const line = (props: TaskLineProps) => io.stdout.write(`${renderToString(h(TaskLine, props))}\n`)
  const results: unknown[] = []
  for (const task of tasks) {
    try {
      results.push(await task.run())
    } catch (error) {
      line({ title: task.title, state: 'failed' })
      throw error
    }
    line({ title: task.title, state: 'done' })
  }
  return results
}
