import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { jobRegistry } from '#operations/services/job_registry'
import { resetDatabase } from '#tests/helpers'

const PROCESSES = 5

/** `node ace scheduler:run --once` in a process of its own, against the test database. */
function schedulerProcess(startAt: number) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['ace.js', 'scheduler:run', '--once', `--start-at=${startAt}`],
      {
        cwd: app.makePath(),
        env: {
          ...process.env,
          NODE_ENV: 'test',
          SQLITE_FILE: process.env.SQLITE_FILE ?? 'tmp/test.sqlite3',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }
    )
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

/**
 * docs/decisions/0140: several scheduler processes start the same tick at the same instant
 * (each on its own connection; on SQLite each its own process): every job runs exactly once.
 */
test.group('Scheduled jobs across instances', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(180_000)

  test(`${PROCESSES} scheduler processes at once: each job runs once`, async ({ assert }) => {
    const startAt = Date.now() + 25_000 // time for every process to boot first
    const results = await Promise.all(
      Array.from({ length: PROCESSES }, () => schedulerProcess(startAt))
    )
    for (const result of results) assert.equal(result.code, 0, result.output)
    const silent = results.filter((r) => !r.output.includes('ran') && !r.output.includes('not due'))
    assert.lengthOf(silent, 0)

    const runs = await db.from('job_runs').select('job', 'instance', 'outcome')
    const names = jobRegistry.all().map((job) => job.name)
    assert.sameMembers(
      runs.map((run) => run.job),
      names,
      'one run per job, not one per process'
    )
    assert.notInclude(
      runs.map((run) => run.outcome),
      'running'
    )
    const leases = await db.from('job_leases').whereNotNull('holder')
    assert.lengthOf(leases, 0)
  })
})
