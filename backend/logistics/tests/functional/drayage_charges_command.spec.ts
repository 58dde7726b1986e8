import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import { Clock } from '#core/clock'
import DrayageMove from '#logistics/models/drayage_move'
import AlertNotification from '#tms/models/alert_notification'
import DrayageChargesService from '#logistics/services/drayage_charges'
import DrayageMoveService from '#logistics/services/drayage_move_service'
import { ShipmentAlertMail } from '#tms/services/alert_mail'
import DrayageCharges from '../../../commands/drayage_charges.js'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import {
  CONTAINERS,
  fixClock,
  makeMove,
  makeTerminal,
  NOW,
  openPickupWindow,
} from '#logistics/tests/drayage_fixtures'

async function runCommand() {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  ace.ui.logger.flushLogs()
  const command = await ace.create(DrayageCharges, [])
  await command.exec()
  command.assertSucceeded()
  return command
}

test.group('drayage:charges: running totals and the alert before the last free day', (group) => {
  eachTestInTransaction(group)
  let clock: ReturnType<typeof fixClock>
  group.each.setup(() => {
    clock = fixClock()
    mail.fake()
    return () => {
      mail.restore()
      app.container.restore(Clock)
    }
  })

  test('tells shipper and carrier once, the day before; recomputes the totals daily', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    await makeTerminal({ demurrageTiers: [{ fromDay: 3, perDay: 350 }] })
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const move = await makeMove(shipper)
    await client.post(`/api/drayage/moves/${move.id}/accept`).loginAs(carrier).withCsrfToken()
    // A move nobody is told about twice and one already complete are left alone.
    const done = await makeMove(shipper, { containerNo: CONTAINERS[1], availableInDays: -20 })
    await DrayageMove.query().where('id', done.id).update({ status: 'EMPTY_RETURNED' })
    const doneTotal = (await done.refresh()).totalDemurrage

    // March 5: two days before the last free day (March 7): nothing to tell yet.
    ;(await runCommand()).assertLogMatches(/1 drayage move\(s\) recomputed, 0 alert\(s\) sent/)
    assert.lengthOf(await AlertNotification.all(), 0)

    // March 6, in the early hours in New York: the day before.
    clock.set(NOW.plus({ hours: 15 }))
    ;(await runCommand()).assertLogMatches(/1 drayage move\(s\) recomputed, 2 alert\(s\) sent/)
    ;(await runCommand()).assertLogMatches(/0 alert\(s\) sent/)
    const told = await AlertNotification.query().orderBy('userId', 'asc')
    assert.deepEqual(
      told.map((n) => [n.userId, n.trigger, n.bookingId]),
      [
        [shipper.id, 'last_free_day', null],
        [carrier.id, 'last_free_day', null],
      ].sort((a, b) => Number(a[0]) - Number(b[0]))
    )
    const seen = await client.get('/api/tms/notifications').loginAs(shipper)
    seen.assertStatus(200)
    assert.lengthOf(seen.body(), 1)
    assert.equal(seen.body()[0].reference, `DRY-${String(move.id).padStart(3, '0')} CSQU3054383`)
    assert.include(seen.body()[0].message, 'last free day at LBCT is 2026-03-07')
    assert.isNull(seen.body()[0].bookingId)
    assert.lengthOf(
      mails.sent((m) => m instanceof ShipmentAlertMail),
      2
    )

    // March 10: three days after the last free day, still at the terminal.
    clock.set(NOW.plus({ days: 5 }))
    await runCommand()
    await move.refresh()
    assert.equal(move.totalDemurrage, 175 * 2 + 350)
    assert.equal(move.totalPerDiem, 0)
    assert.equal(move.lastFreeDay?.toISODate(), '2026-03-07')

    // Out of the terminal on March 10; per diem's free days end March 12: told on March 11.
    await openPickupWindow(move.id, clock.now())
    ;(
      await client.post(`/api/drayage/moves/${move.id}/gate-out`).loginAs(carrier).withCsrfToken()
    ).assertStatus(200)
    clock.set(NOW.plus({ days: 6 }))
    ;(await runCommand()).assertLogMatches(/2 alert\(s\) sent/)
    const empty = await AlertNotification.query().where('dedupeKey', `drayage-empty:${move.id}`)
    assert.lengthOf(empty, 2)
    assert.include(empty[0].message, 'return the empty by 2026-03-12')
    clock.set(NOW.plus({ days: 9 }))
    await runCommand()
    await move.refresh()
    assert.equal(move.totalPerDiem, 95 * 2)
    await done.refresh()
    assert.equal(done.totalDemurrage, doneTotal)
  })

  test('the charge lines other modules bill, as of today and final once returned', async ({
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const move = await makeMove(shipper)
    const moves = await app.container.make(DrayageMoveService)
    const charges = await app.container.make(DrayageChargesService)
    assert.deepEqual(await charges.chargeLines(move.id), [])
    await moves.accept(carrier.id, move.id)
    clock.set(NOW.plus({ days: 3 }))
    await openPickupWindow(move.id, clock.now())
    await moves.gateOut(move.id)
    clock.set(NOW.plus({ days: 8 }))
    await moves.emptyReturn(move.id)
    clock.set(NOW.plus({ days: 30 }))
    assert.deepEqual(await charges.chargeLines(move.id), [
      {
        code: 'DEMURRAGE',
        description: 'Demurrage day 1 at $175.00/day',
        days: 1,
        unitCents: 17500,
        amountCents: 17500,
        from: '2026-03-08',
        to: '2026-03-08',
      },
      {
        code: 'PER_DIEM',
        description: 'Per diem days 1-3 at $95.00/day',
        days: 3,
        unitCents: 9500,
        amountCents: 28500,
        from: '2026-03-11',
        to: '2026-03-13',
      },
    ])
    await assert.rejects(() => charges.chargeLines(99999), 'Drayage move not found')
  })
})
