import React, { useEffect, useRef, useState } from 'react'
import { Box, Text, render, useApp } from 'ink'
import { defaultStreams, inkStreams, type UiStreams } from './streams.js'
import type { Task } from './tasks.js'

const h = React.createElement
const BAR_WIDTH = 30

export interface ProgressState {
  done: number
  total: number
  /** the step running now */
  title: string
  elapsedMs: number
}

/** `1m 05s`, `12s`: the time left at the pace so far; `—` before the first step ends. */
export function estimateRemaining({ done, total, elapsedMs }: ProgressState): string {
  if (done === 0) return '—'
  const seconds = Math.ceil(((total - done) * elapsedMs) / done / 1000)
  const minutes = Math.floor(seconds / 60)
  return minutes > 0 ? `${minutes}m ${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`
}

/** One line: bar, count, percent, ETA, the running step. */
export function progressLine(state: ProgressState): string {
  const ratio = state.total === 0 ? 1 : state.done / state.total
  const filled = Math.round(ratio * BAR_WIDTH)
  const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled)
  const count = `${String(state.done).padStart(String(state.total).length)}/${state.total}`
  const percent = `${String(Math.floor(ratio * 100)).padStart(3)}%`
  return `${bar} ${count} ${percent} ETA ${estimateRemaining(state)}  ${state.title}`
}

export function ProgressBar(props: ProgressState) {
  return h(Box, null, h(Text, { color: 'cyan' }, progressLine(props)))
}

type Outcome = { ok: true; results: unknown[] } | { ok: false; error: unknown; title: string }

function ProgressRun({ tasks, onDone }: { tasks: Task[]; onDone: (outcome: Outcome) => void }) {
  const [state, setState] = useState<ProgressState>({
    done: 0,
    total: tasks.length,
    title: tasks[0]?.title ?? '',
    elapsedMs: 0,
  })
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const started = useRef(false)
  const { exit } = useApp()
  useEffect(() => {
    if (started.current) return
    started.current = true
    void runAll(tasks, setState).then(setOutcome)
  }, [tasks])
  useEffect(() => {
    if (!outcome) return
    onDone(outcome)
    exit()
  }, [outcome, onDone, exit])
  return h(ProgressBar, state)
}

async function runAll(tasks: Task[], report: (state: ProgressState) => void): Promise<Outcome> {
  const started = Date.now()
  const results: unknown[] = []
  for (const [index, task] of tasks.entries()) {
    report({ done: index, total: tasks.length, title: task.title, elapsedMs: Date.now() - started })
    try {
      results.push(await task.run())
    } catch (error) {
      return { ok: false, error, title: task.title }
    }
  }
  report({
    done: tasks.length,
    total: tasks.length,
    title: 'done',
    elapsedMs: Date.now() - started,
  })
  return { ok: true, results }
}

/**
 * Runs many steps in order behind one progress bar with an ETA (a live line on a terminal;
 * piped, one line per finished step). Rejects with the first failure, its step named.
 */
export async function renderProgress(
  tasks: Task[],
  io: UiStreams = defaultStreams()
): Promise<unknown[]> {
  let outcome: Outcome
  if (io.stdout.isTTY) {
    outcome = { ok: false, error: new Error('interrupted'), title: '' }
    const instance = render(
      h(ProgressRun, {
        tasks,
        onDone: (value) => {
          outcome = value
        },
      }),
      { ...inkStreams(io), patchConsole: false }
    )
    await instance.waitUntilExit()
  } else {
    let previous: ProgressState | null = null
    outcome = await runAll(tasks, (state) => {
      if (previous) io.stdout.write(`${progressLine({ ...state, title: previous.title })}\n`)
      previous = state
    })
  }
  if (!outcome.ok) throw new StepFailedError(outcome.title, outcome.error)
  return outcome.results
}

/** A failed step: the message names the step, then the cause. */
export class StepFailedError extends Error {
  constructor(
    readonly step: string,
    readonly cause: unknown
  ) {
    super(`${step}: ${cause instanceof Error ? cause.message : String(cause)}`)
    this.name = 'StepFailedError'
  }
}
