import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import { formatUsd } from '#core/money'
import ReconciliationService from '#payments/services/reconciliation_service'
import PaymentsReconcile from '../../../commands/payments_reconcile.js'
import PayoutsRelease from '../../../commands/payouts_release.js'
import { eachTestInTransaction } from '#tests/helpers'
import { makeCarrier, seedPaidBookings } from '#payments/tests/payout_fixtures'

/** Runs an ace command in-process, its output captured (raw mode). */
async function runCommand(
  command: typeof PaymentsReconcile | typeof PayoutsRelease,
  argv: string[]
) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  ace.ui.logger.flushLogs()
  const instance = await ace.create(command, argv)
  await instance.exec()
  return instance
}

/** `node ace <args>` as an operator runs it, its stdout a pipe (as when redirected to a file). */
function runAce(args: string[]) {
  return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['ace.js', ...args], {
      cwd: app.makePath(),
      env: { ...process.env, FORCE_COLOR: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout }))
  })
}

test.group('node ace payments:reconcile: output', (group) => {
  eachTestInTransaction(group)

  test('amounts print with thousands separators', async ({ assert }) => {
    const carrier = await makeCarrier()
    await seedPaidBookings(6, [carrier], 1)
    const { totals } = await new ReconciliationService().reconcile()
    assert.isAbove(totals.chargedCents, 100_000)
    const command = await runCommand(PaymentsReconcile, [])
    const amount = (cents: number) => {
      const text = formatUsd(cents)
      assert.equal(text.replace(/,/g, ''), `$${(cents / 100).toFixed(2)}`)
      return text
    }
    command.assertTableRows([
      ['Charged', amount(totals.chargedCents)],
      ['Paid out to carriers', amount(totals.payoutCents)],
      ['Platform share', amount(totals.platformShareCents)],
      ['Refunded', amount(totals.refundedCents)],
      ['Held in escrow', amount(totals.escrowCents)],
      ['Owed to carriers', amount(totals.payableCents)],
    ])
    command.assertLogMatches(/\$1,\d{3}\.\d{2}/)
  })
})

test.group('node ace payments:reconcile: piped', () => {
  test('writes no colour codes to a pipe or a file', async ({ assert }) => {
    const { code, stdout } = await runAce(['payments:reconcile'])
    assert.equal(code, 0, stdout)
    assert.match(stdout, /Charged/)
    assert.notInclude(stdout, String.fromCharCode(27))
  }).timeout(60_000)
})

test.group('node ace payouts:release --retry', (group) => {
  eachTestInTransaction(group)

  test('a booking that does not exist: says so, exit 1', async () => {
    const command = await runCommand(PayoutsRelease, ['--retry', '99999'])
    command.assertFailed()
    command.assertLogMatches(/booking 99999 does not exist/)
  })

  test('an existing booking without a failed payout: says that', async () => {
    const [bookingId] = await seedPaidBookings(1, [await makeCarrier()], 1)
    const command = await runCommand(PayoutsRelease, ['--retry', String(bookingId)])
    command.assertFailed()
    command.assertLogMatches(new RegExp(`booking ${bookingId} has no failed payout to retry`))
  })
})
