import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import IdentityRevealService from '#payments/services/identity_reveal_service'
import LedgerService from '#payments/services/ledger_service'
import { formatUsd, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import AuditVerify from '../../../commands/audit_verify.js'
import PaymentsReconcile from '../../../commands/payments_reconcile.js'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { makeCarrier, paidBooking } from '#payments/tests/payout_fixtures'

/** Runs an ace command in-process, its output captured (raw mode) and fresh for each run. */
async function runCommand(command: typeof AuditVerify | typeof PaymentsReconcile) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  ace.ui.logger.flushLogs()
  const instance = await ace.create(command, [])
  await instance.exec()
  return instance
}

/**
 * Two bookings paid through the real path (intent, sandbox card, webhook): each writes a
 * payments row, escrow and a two-line ledger charge; the shipper is then shown both carriers,
 * then the first again (not logged: a reveal is logged once), and an admin the first.
 */
async function paidAndRevealed() {
  const shipper = await makeUser('shipper')
  const { listing } = await makeCarrier()
  const bookings = [await paidBooking(shipper, listing, 2), await paidBooking(shipper, listing, 3)]
  const reveals = await app.container.make(IdentityRevealService)
  await reveals.log(
    { id: shipper.id, role: 'shipper' },
    bookings.map((b) => b.id)
  )
  await reveals.log({ id: shipper.id, role: 'shipper' }, [bookings[0].id])
  const admin = await makeUser('admin')
  await reveals.log({ id: admin.id, role: 'admin' }, [bookings[0].id])
  return bookings
}

test.group('node ace audit:verify', (group) => {
  eachTestInTransaction(group)

  test('intact chains: succeeds and counts the rows', async () => {
    await paidAndRevealed()
    const command = await runCommand(AuditVerify)
    command.assertSucceeded()
    command.assertLogMatches(/ledger_entries: 4 rows, chain intact/)
    command.assertLogMatches(/identity_reveal_log: 3 rows, chain intact/)
  })

  test('an edited row: fails and names it', async ({ assert }) => {
    await paidAndRevealed()
    const rows = await db.from('identity_reveal_log').orderBy('id').select('id')
    assert.lengthOf(rows, 3)
    const edited = Number(rows[1].id)
    await db.from('identity_reveal_log').where('id', edited).update({ viewer_role: 'admin' })
    const command = await runCommand(AuditVerify)
    command.assertFailed()
    command.assertExitCode(1)
    command.assertLogMatches(
      new RegExp(`identity_reveal_log: broken at row ${edited}: its content does not match`)
    )
    command.assertLogMatches(/ledger_entries: 4 rows, chain intact/)
  })

  test('a removed last ledger row: fails at the end of the chain', async () => {
    await paidAndRevealed()
    const last = await db.from('ledger_entries').orderBy('id', 'desc').firstOrFail()
    await db.from('ledger_entries').where('id', last.id).delete()
    const command = await runCommand(AuditVerify)
    command.assertFailed()
    command.assertLogMatches(/ledger_entries: broken at its end: .*rows after row \d+ were removed/)
  })
})

test.group('node ace audit:verify: removed and reordered rows', (group) => {
  eachTestInTransaction(group)

  test('a removed middle ledger row: fails at the row after it', async ({ assert }) => {
    await paidAndRevealed()
    const rows = await db.from('ledger_entries').orderBy('id').select('id')
    assert.lengthOf(rows, 4)
    await db.from('ledger_entries').where('id', rows[1].id).delete()
    const command = await runCommand(AuditVerify)
    command.assertFailed()
    command.assertLogMatches(
      new RegExp(`ledger_entries: broken at row ${rows[2].id}: its link to the previous row`)
    )
  })

  test('two ledger rows swapped in place: fails at the first of them', async () => {
    await paidAndRevealed()
    const rows = await db.from('ledger_entries').orderBy('id').select('id')
    const [a, b] = [Number(rows[1].id), Number(rows[2].id)]
    // reorder: row b takes a's place and a takes b's (everything else, hashes included, moves)
    await db.from('ledger_entries').where('id', a).update({ id: -1 })
    await db.from('ledger_entries').where('id', b).update({ id: a })
    await db.from('ledger_entries').where('id', -1).update({ id: b })
    const command = await runCommand(AuditVerify)
    command.assertFailed()
    command.assertLogMatches(new RegExp(`ledger_entries: broken at row ${a}: `))
    command.assertLogMatches(/identity_reveal_log: 3 rows, chain intact/)
  })

  test('a row appended after a removed tail still shows the removal', async ({ assert }) => {
    const [booking] = await paidAndRevealed()
    const last = await db.from('ledger_entries').orderBy('id', 'desc').firstOrFail()
    await db.from('ledger_entries').where('id', last.id).delete()
    // the next append links to the head, i.e. to the removed row
    const ledger = await app.container.make(LedgerService)
    await db.transaction((trx) => ledger.recordRefund(trx, booking.id, 100, 're_test'))
    const appended = await db.from('ledger_entries').orderBy('id', 'desc').firstOrFail()
    assert.isAbove(Number(appended.id), Number(last.id))
    const command = await runCommand(AuditVerify)
    command.assertFailed()
    command.assertLogMatches(/ledger_entries: broken at row \d+: its link to the previous row/)
  })
})

test.group('node ace payments:reconcile', (group) => {
  eachTestInTransaction(group)

  test('paid bookings reconcile to the cent', async () => {
    const bookings = await paidAndRevealed()
    const charged = bookings.reduce((sum, b) => sum + toCents(b.totalAmount!), 0)
    const command = await runCommand(PaymentsReconcile)
    command.assertSucceeded()
    command.assertLogMatches(/2 bookings, 2 ledger transactions/)
    command.assertLogMatches(/Every booking reconciles to the cent/)
    command.assertTableRows([
      ['Charged', formatUsd(charged)],
      ['Paid out to carriers', '$0.00'],
      ['Platform share', '$0.00'],
      ['Refunded', '$0.00'],
      ['Held in escrow', formatUsd(charged)],
      ['Owed to carriers', '$0.00'],
    ])
  })

  test('a tampered ledger line: fails, naming the booking', async () => {
    const [first] = await paidAndRevealed()
    const line = await db
      .from('ledger_entries')
      .where({ booking_id: first.id, account: 'escrow' })
      .firstOrFail()
    await db
      .from('ledger_entries')
      .where('id', line.id)
      .update({ amount_cents: Number(line.amount_cents) - 1 })
    const command = await runCommand(PaymentsReconcile)
    command.assertFailed()
    command.assertLogMatches(new RegExp(`booking-${first.id}-charge: transaction sums to -1 cents`))
    command.assertLogMatches(new RegExp(`${bookingReference(first.id)}: charged \\$`))
    command.assertLogMatches(/\d+ problem\(s\)/)
  })
})
