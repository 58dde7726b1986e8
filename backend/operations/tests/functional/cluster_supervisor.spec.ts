import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import {
  restartDelay,
  Supervisor,
  type ExitEvent,
  type StartEvent,
} from '../../../../scripts/supervisor.js'
import { root } from '../../../../scripts/cluster_setup.js'

/**
 * `npm run cluster`'s supervision (scripts/supervisor.js, docs/decisions/0163) against real
 * child processes, without nginx or a database: a process that dies is started again after a
 * doubling backoff while the others keep running, and stopping (SIGTERM to the supervisor)
 * stops every process. The cluster test (cluster.spec.ts) covers nginx and the instances.
 */

/** A child that runs until it is stopped; `ignoreSigterm` makes it need a SIGKILL. */
function idleChild({ ignoreSigterm = false, exitAfterMs = 0 } = {}): ChildProcess {
  const code = [
    ignoreSigterm ? "process.on('SIGTERM', () => {})" : '',
    exitAfterMs
      ? `process.on('SIGTERM', () => setTimeout(() => process.exit(0), ${exitAfterMs}))`
      : '',
    'setInterval(() => {}, 1000)',
  ].join(';')
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' })
}

/** Whether a process with this id exists. */
function running(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Records the supervisor's events with their times; `next` waits for the next one of a kind. */
function recorder(supervisor: Supervisor) {
  const events: { kind: 'start' | 'exit'; at: number; event: StartEvent | ExitEvent }[] = []
  const waiters: { kind: string; name: string; resolve: (e: any) => void }[] = []
  for (const kind of ['start', 'exit'] as const) {
    supervisor.on(kind, (event: StartEvent | ExitEvent) => {
      const entry = { kind, at: Date.now(), event }
      events.push(entry)
      for (const waiter of waiters.filter((w) => w.kind === kind && w.name === event.name)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(entry)
      }
    })
  }
  function next(kind: 'start', name: string): Promise<{ at: number; event: StartEvent }>
  function next(kind: 'exit', name: string): Promise<{ at: number; event: ExitEvent }>
  function next(kind: string, name: string) {
    return new Promise((resolve) => waiters.push({ kind, name, resolve }))
  }
  return { events, next }
}

test.group('Cluster supervision (scripts/supervisor.js)', (group) => {
  let supervisor: Supervisor | null = null
  group.each.teardown(async () => {
    await supervisor?.stop()
    supervisor = null
  })
  group.each.timeout(30_000)

  test('the backoff doubles from its first delay up to its ceiling', ({ assert }) => {
    const backoff = { initialMs: 500, maxMs: 10_000 }
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => restartDelay(n, backoff)),
      [500, 1000, 2000, 4000, 8000, 10_000, 10_000]
    )
  })

  test('a child that dies is started again, after a doubling backoff, while the other keeps running', async ({
    assert,
  }) => {
    supervisor = new Supervisor({ initialMs: 200, maxMs: 800, resetAfterMs: 60_000, log: () => {} })
    const { next } = recorder(supervisor)
    const firstA = next('start', 'a')
    const firstB = next('start', 'b')
    supervisor.add('a', () => idleChild()).add('b', () => idleChild())
    let a = (await firstA).event.pid!
    const b = (await firstB).event.pid!

    const delays: number[] = []
    for (const expected of [200, 400, 800, 800]) {
      const exit = next('exit', 'a')
      const start = next('start', 'a')
      process.kill(a, 'SIGKILL')
      const exited = await exit
      const started = await start
      assert.equal(exited.event.signal, 'SIGKILL')
      assert.equal(exited.event.delay, expected)
      assert.isAtLeast(started.at - exited.at, expected - 5, 'it waited out its backoff')
      assert.isBelow(started.at - exited.at, expected + 1000)
      assert.notEqual(started.event.pid, a)
      assert.isTrue(running(started.event.pid!), 'the new process runs')
      assert.isFalse(running(a), 'the killed one is gone')
      a = started.event.pid!
      delays.push(exited.event.delay!)
    }
    assert.deepEqual(delays, [200, 400, 800, 800])
    assert.equal(supervisor.child('b')?.pid, b, 'the other child was never restarted')
    assert.isTrue(running(b))
  })

  test('a child that stayed up long enough starts its backoff over', async ({ assert }) => {
    supervisor = new Supervisor({
      initialMs: 100,
      maxMs: 10_000,
      resetAfterMs: 1000,
      log: () => {},
    })
    const { next } = recorder(supervisor)
    const first = next('start', 'a')
    supervisor.add('a', () => idleChild())
    let pid = (await first).event.pid!
    const killAndRestart = async () => {
      const exit = next('exit', 'a')
      const start = next('start', 'a')
      process.kill(pid, 'SIGKILL')
      const { event } = await exit
      pid = (await start).event.pid!
      return event.delay
    }
    assert.equal(await killAndRestart(), 100)
    assert.equal(await killAndRestart(), 200, 'a crash soon after a start: longer')
    await new Promise((resolve) => setTimeout(resolve, 1200))
    assert.equal(await killAndRestart(), 100, 'up over resetAfterMs: back to the first delay')
  })

  test('a process that cannot be started is retried with the backoff too', async ({ assert }) => {
    supervisor = new Supervisor({ initialMs: 100, maxMs: 400, log: () => {} })
    const { next } = recorder(supervisor)
    let attempts = 0
    const delays: (number | null)[] = []
    supervisor.on('exit', (event: ExitEvent) => delays.push(event.delay))
    const third = new Promise<void>((resolve) =>
      supervisor!.on('start', () => {
        if (attempts === 3) resolve()
      })
    )
    const first = next('start', 'flaky')
    supervisor.add('flaky', () => {
      attempts += 1
      if (attempts === 1) return idleChild() // the first start works
      if (attempts === 2) throw new Error('configuration refused')
      return idleChild()
    })
    const pid = (await first).event.pid!
    process.kill(pid, 'SIGKILL')
    await third
    assert.deepEqual(delays, [100, 200], 'the refused start counted as one more failure')
  })

  test('stop() stops every child at once, each with its stop signal, and restarts none', async ({
    assert,
  }) => {
    supervisor = new Supervisor({ initialMs: 50, log: () => {} })
    const { events, next } = recorder(supervisor)
    const started = Promise.all([next('start', 'slow'), next('start', 'quick')])
    supervisor
      .add('slow', () => idleChild({ exitAfterMs: 500 }))
      .add('quick', () => idleChild(), { stopSignal: 'SIGQUIT' })
    const [slow, quick] = (await started).map((s) => s.event.pid!)
    // Let the slow one install its SIGTERM handler (it takes 500 ms to stop).
    await new Promise((resolve) => setTimeout(resolve, 500))
    const stopping = Date.now()
    await supervisor.stop()
    assert.isFalse(running(slow))
    assert.isFalse(running(quick))
    const exit = (name: string) => events.find((e) => e.kind === 'exit' && e.event.name === name)!
    assert.equal((exit('quick').event as ExitEvent).signal, 'SIGQUIT')
    assert.isBelow(exit('quick').at - stopping, 400, 'not held behind the slow one')
    assert.isAtLeast(exit('slow').at - stopping, 450, 'the slow one had its time to stop')
    assert.deepEqual(
      events.filter((e) => e.kind === 'exit').map((e) => (e.event as ExitEvent).delay),
      [null, null],
      'no restart follows'
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.lengthOf(
      events.filter((e) => e.kind === 'start'),
      2,
      'nothing was started again'
    )
  })

  test('SIGTERM to the supervisor process stops every child, kills one that ignores it, and exits 0', async ({
    assert,
  }) => {
    const supervisorUrl = pathToFileURL(join(root, 'scripts/supervisor.js')).href
    const program = `
      import { spawn } from 'node:child_process'
      import { Supervisor, stopOnSignals } from ${JSON.stringify(supervisorUrl)}
      const idle = (code) => () => spawn(process.execPath, ['-e', code + ';setInterval(() => {}, 1000)'], { stdio: 'ignore' })
      const supervisor = new Supervisor({ stopTimeoutMs: 1000, log: () => {} })
      supervisor.on('start', (event) => console.log(JSON.stringify(event)))
      supervisor.add('polite', idle(''))
      supervisor.add('stubborn', idle("process.on('SIGTERM', () => {})"))
      stopOnSignals(supervisor, { log: () => {} })
    `
    const parent = spawn(process.execPath, ['--input-type=module', '-e', program], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const exited = new Promise<number | null>((resolve) => parent.once('exit', resolve))
    const pids = new Map<string, number>()
    const lines = createInterface({ input: parent.stdout! })
    await new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        const event = JSON.parse(line)
        pids.set(event.name, event.pid)
        if (pids.size === 2) resolve()
      })
    )
    // Let the stubborn child install its SIGTERM handler.
    await new Promise((resolve) => setTimeout(resolve, 500))
    assert.isTrue([...pids.values()].every(running))

    const signalled = Date.now()
    parent.kill('SIGTERM')
    assert.equal(await exited, 0)
    assert.isAtLeast(Date.now() - signalled, 900, 'the stubborn child got its stop timeout')
    assert.isFalse(running(pids.get('polite')!), 'the polite child stopped')
    assert.isFalse(running(pids.get('stubborn')!), 'the stubborn child was killed')
  })
})
