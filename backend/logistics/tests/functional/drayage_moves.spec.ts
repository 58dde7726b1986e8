import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import { Clock } from '#core/clock'
import DrayageMove from '#logistics/models/drayage_move'
import AlertRule from '#tms/models/alert_rule'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import {
  CONTAINERS,
  fixClock,
  makeMove,
  makeTerminal,
  openPickupWindow,
  withoutDray,
} from '#logistics/tests/drayage_fixtures'

const good = {
  containerNo: 'csqu 305438-3',
  terminalCode: 'lbct',
  availableOn: '2026-03-05',
  deliveryAddress: '2400 E Artesia Blvd, Long Beach, CA 90805',
}

test.group('Drayage moves: a shipper requests one', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    fixClock()
    return () => app.container.restore(Clock)
  })

  test('creates an OPEN move with the defaults, the terminal’s tiers and its last free day', async ({
    client,
    assert,
  }) => {
    await makeTerminal({ demurrageTiers: [{ fromDay: 5, perDay: 350 }] })
    const shipper = await makeUser('shipper')
    const res = await client.post('/api/drayage/moves').json(good).loginAs(shipper).withCsrfToken()
    res.assertStatus(201)
    const body = res.body()
    assert.containsSubset(body, {
      containerNo: 'CSQU3054383',
      terminal: { code: 'LBCT', unLocode: 'USLGB', kind: 'PORT' },
      status: 'OPEN',
      carrierName: null,
      availableOn: '2026-03-05',
      freeDays: 2,
      demurragePerDay: 175,
      perDiemPerDay: 95,
      demurrageTiers: [{ fromDay: 5, perDay: 350 }],
      lastFreeDay: '2026-03-07',
      daysLeft: 2,
      totalDemurrage: 0,
      totalPerDiem: 0,
      charges: [],
      appointments: [],
    })
    assert.match(body.reference, /^DRY-\d{3,}$/)
    const row = await DrayageMove.findOrFail(body.id)
    assert.equal(row.shipperId, shipper.id)
    assert.equal(row.lastFreeDay?.toISODate(), '2026-03-07')
    // The shipper is told before last free days through an alert rule of its own.
    const rules = await AlertRule.query().where('userId', shipper.id)
    assert.deepEqual(
      rules.map((r) => r.triggers),
      [['last_free_day']]
    )
  })

  test('bad input is a 422 naming the field, and nothing is stored', async ({ client, assert }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    await makeMove(shipper, { containerNo: CONTAINERS[1] })
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, containerNo: '' }, 'containerNo', 'Container number is required'],
      [
        { ...good, containerNo: 'CSQU305438' },
        'containerNo',
        'Enter a container number like CSQU3054383',
      ],
      [
        { ...good, containerNo: 'CSQU3054384' },
        'containerNo',
        'Container number check digit does not match (ISO 6346)',
      ],
      [
        { ...good, containerNo: CONTAINERS[1] },
        'containerNo',
        'This container already has a drayage move under way',
      ],
      [{ ...good, terminalCode: 'NOPE' }, 'terminalCode', 'Terminal not found'],
      [{ ...good, terminalCode: '' }, 'terminalCode', 'Please select a terminal'],
      [{ ...good, availableOn: 'soon' }, 'availableOn', 'Availability date is required'],
      [
        { ...good, availableOn: '2026-05-05' },
        'availableOn',
        'Availability date must be within 30 days before and 60 days after today',
      ],
      [
        { ...good, availableOn: '2026-02-30' },
        'availableOn',
        'Availability date must be within 30 days before and 60 days after today',
      ],
      [{ ...good, deliveryAddress: 'x' }, 'deliveryAddress', 'Delivery address is required'],
    ]
    for (const [body, field, message] of cases) {
      const res = await client
        .post('/api/drayage/moves')
        .json(body)
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(res.body().errors, { field, message, rule: res.body().errors[0].rule })
    }
    assert.lengthOf(await DrayageMove.all(), 1)
  })

  test('carriers and admins may not create moves; anonymous is a 401', async ({ client }) => {
    await makeTerminal()
    const carrier = await makeUser('carrier', { isApproved: true })
    const admin = await makeUser('admin')
    for (const user of [carrier, admin]) {
      const res = await client.post('/api/drayage/moves').json(good).loginAs(user).withCsrfToken()
      res.assertStatus(403)
    }
    const res = await client.post('/api/drayage/moves').json(good).withCsrfToken()
    res.assertStatus(401)
  })

  test('lists are each party’s own; another shipper’s move is a 404', async ({
    client,
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const other = await makeUser('shipper')
    const move = await makeMove(shipper)
    await makeMove(other, { containerNo: CONTAINERS[1] })
    const mine = await client.get('/api/drayage/moves').loginAs(shipper)
    mine.assertStatus(200)
    assert.deepEqual(
      mine.body().map((m: { id: number }) => m.id),
      [move.id]
    )
    ;(await client.get(`/api/drayage/moves/${move.id}`).loginAs(shipper)).assertStatus(200)
    const theirs = await client.get(`/api/drayage/moves/${move.id}`).loginAs(other)
    theirs.assertStatus(404)
    theirs.assertBodyContains({ message: 'Drayage move not found' })
    ;(await client.get('/api/drayage/moves/99999').loginAs(shipper)).assertStatus(404)
  })
})

test.group('Drayage moves: a DRAY carrier accepts and moves the container', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    fixClock()
    return () => app.container.restore(Clock)
  })

  test('open moves are for DRAY carriers; accepting takes the move once', async ({
    client,
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const move = await makeMove(shipper)
    const carrier = await makeUser('carrier', { isApproved: true })
    const rival = await makeUser('carrier', { isApproved: true })
    const open = await client.get('/api/drayage/moves/open').loginAs(carrier)
    open.assertStatus(200)
    assert.deepEqual(
      open.body().map((m: { id: number }) => m.id),
      [move.id]
    )

    const res = await client
      .post(`/api/drayage/moves/${move.id}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().status, 'ACCEPTED')
    assert.match(res.body().carrierName, /Test Freight/)
    // Its shipper sees the carrier by its anonymous label alone (docs/decisions/0157).
    const asShipper = await client.get(`/api/drayage/moves/${move.id}`).loginAs(shipper)
    asShipper.assertStatus(200)
    assert.match(asShipper.body().carrierName, /^Verified carrier #\d{4}$/)
    assert.notInclude(asShipper.text(), (await carrierOf(carrier)).companyName)
    const again = await client
      .post(`/api/drayage/moves/${move.id}/accept`)
      .loginAs(rival)
      .withCsrfToken()
    again.assertStatus(409)
    again.assertBodyContains({ message: 'This move was already accepted by another carrier' })
    assert.lengthOf((await client.get('/api/drayage/moves/open').loginAs(rival)).body(), 0)
    const mine = await client.get('/api/drayage/moves').loginAs(carrier)
    assert.deepEqual(
      mine.body().map((m: { id: number }) => m.id),
      [move.id]
    )
    assert.lengthOf((await client.get('/api/drayage/moves').loginAs(rival)).body(), 0)
    ;(await client.get(`/api/drayage/moves/${move.id}`).loginAs(rival)).assertStatus(404)
    assert.lengthOf(await AlertRule.query().where('userId', carrier.id), 1)
  })

  test('a carrier without DRAY is refused; a pending carrier and a shipper too', async ({
    client,
    assert,
  }) => {
    await makeTerminal()
    const move = await makeMove(await makeUser('shipper'))
    const truckOnly = await makeUser('carrier', { isApproved: true })
    await withoutDray(truckOnly)
    const open = await client.get('/api/drayage/moves/open').loginAs(truckOnly)
    open.assertStatus(403)
    open.assertBodyContains({ message: 'Drayage is not among your carrier modes' })
    const accept = await client
      .post(`/api/drayage/moves/${move.id}/accept`)
      .loginAs(truckOnly)
      .withCsrfToken()
    accept.assertStatus(403)
    accept.assertBodyContains({ message: 'Drayage is not among your carrier modes' })
    const pending = await makeUser('carrier', { isApproved: false })
    const refused = await client
      .post(`/api/drayage/moves/${move.id}/accept`)
      .loginAs(pending)
      .withCsrfToken()
    refused.assertStatus(403)
    const shipper = await makeUser('shipper')
    ;(await client.get('/api/drayage/moves/open').loginAs(shipper)).assertStatus(403)
    await move.refresh()
    assert.equal(move.status, 'OPEN')
    assert.isNull(move.carrierId)
  })

  test('gate-out stops demurrage, the empty return per diem; steps out of order are 409', async ({
    client,
    assert,
  }) => {
    await makeTerminal({ demurrageTiers: [{ fromDay: 3, perDay: 350 }] })
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const move = await makeMove(shipper)
    const clock = fixClock()
    const post = (path: string) =>
      client.post(`/api/drayage/moves/${move.id}/${path}`).loginAs(carrier).withCsrfToken()

    ;(await post('gate-out')).assertStatus(404)
    ;(await post('accept')).assertStatus(200)
    const early = await post('empty-return')
    early.assertStatus(409)
    early.assertBodyContains({ message: 'Only a gated-out container can be returned empty' })

    // Four days after the last free day (March 7): days 1-2 at 175, 3-4 at the tier's 350.
    clock.set(clock.now().plus({ days: 6 }))
    await openPickupWindow(move.id, clock.now())
    const out = await post('gate-out')
    out.assertStatus(200)
    assert.containsSubset(out.body(), {
      status: 'OUT_GATED',
      demurrageDays: 4,
      totalDemurrage: 1050,
      daysLeft: null,
      perDiemLastFreeDay: '2026-03-13',
      perDiemDays: 0,
    })
    assert.deepEqual(
      out.body().charges.map((c: any) => [c.code, c.days, c.unitPrice, c.amount, c.from, c.to]),
      [
        ['DEMURRAGE', 2, 175, 350, '2026-03-08', '2026-03-09'],
        ['DEMURRAGE', 2, 350, 700, '2026-03-10', '2026-03-11'],
      ]
    )
    ;(await post('gate-out')).assertStatus(409)

    // Stored for billing: the totals as of the gate-out.
    await move.refresh()
    assert.equal(move.totalDemurrage, 1050)
    assert.equal(move.totalPerDiem, 0)

    const completed: number[] = []
    const listener = (e: { drayageMoveId: number }) => completed.push(e.drayageMoveId)
    emitter.on('drayage:completed', listener)
    try {
      clock.set(clock.now().plus({ days: 4 }))
      const back = await post('empty-return')
      back.assertStatus(200)
      assert.containsSubset(back.body(), {
        status: 'EMPTY_RETURNED',
        demurrageDays: 4,
        perDiemDays: 2,
        totalDemurrage: 1050,
        totalPerDiem: 190,
      })
      // The clocks stopped: a week later the move owes the same.
      clock.set(clock.now().plus({ days: 7 }))
      const later = await client.get(`/api/drayage/moves/${move.id}`).loginAs(shipper)
      assert.equal(later.body().totalPerDiem, 190)
      assert.equal(later.body().totalDemurrage, 1050)
    } finally {
      emitter.off('drayage:completed', listener)
    }
    assert.deepEqual(completed, [move.id])
    await move.refresh()
    assert.equal(move.totalPerDiem, 190)
    // The shipper may not record the carrier's steps.
    const shipperTries = await client
      .post(`/api/drayage/moves/${move.id}/gate-out`)
      .loginAs(shipper)
      .withCsrfToken()
    shipperTries.assertStatus(403)
  })
})
