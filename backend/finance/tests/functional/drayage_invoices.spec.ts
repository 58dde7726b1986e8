import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Clock } from '#core/clock'
import AdvancedInvoice from '#finance/models/advanced_invoice'
import DrayageMove from '#logistics/models/drayage_move'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import {
  fixClock,
  makeMove,
  makeTerminal,
  openPickupWindow,
} from '#logistics/tests/drayage_fixtures'
import {
  MOVE_INVOICED,
  NOT_RETURNED,
  NOTHING_TO_BILL,
} from '#finance/services/drayage_invoice_service'

/**
 * A move available on Thursday 2026-03-05 (last free day March 7), gated out March 11 (4
 * demurrage days: 2 at $175, 2 at the terminal's $350 from day 3) and returned empty March 15
 * (per diem free through March 13: 2 days at $95): $1,240, beside its line haul of $450 (7.7
 * road miles from the terminal, the default first band; docs/decisions/0187). Total $1,690.
 */
async function completedMove(client: any, options: { gateOutAfter?: number } = {}) {
  await makeTerminal({ demurrageTiers: [{ fromDay: 3, perDay: 350 }] })
  const shipper = await makeUser('shipper')
  const carrierUser = await makeUser('carrier', { isApproved: true })
  const move = await makeMove(shipper)
  const clock = fixClock()
  const step = (path: string) =>
    client.post(`/api/drayage/moves/${move.id}/${path}`).loginAs(carrierUser).withCsrfToken()
  ;(await step('accept')).assertStatus(200)
  clock.set(clock.now().plus({ days: options.gateOutAfter ?? 6 }))
  await openPickupWindow(move.id, clock.now())
  ;(await step('gate-out')).assertStatus(200)
  clock.set(clock.now().plus({ days: 4 }))
  ;(await step('empty-return')).assertStatus(200)
  return { shipper, carrierUser, move, clock, step }
}

const EXPECTED = [
  ['LINEHAUL', 1, 450, 450, null],
  ['DEMURRAGE', 2, 175, 350, '2 days, 2026-03-08 to 2026-03-09'],
  ['DEMURRAGE', 2, 350, 700, '2 days, 2026-03-10 to 2026-03-11'],
  ['PER_DIEM', 2, 95, 190, '2 days, 2026-03-14 to 2026-03-15'],
]

const shape = (lines: any[]) =>
  lines.map((l) => [l.code, l.quantity, l.unitPrice, l.amount, l.evidence?.note ?? null])

test.group('Drayage invoices', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    fixClock()
    return () => app.container.restore(Clock)
  })

  test('the carrier drafts its line haul, demurrage and per diem with their days, issues, the shipper reads the audit and the PDF', async ({
    client,
    assert,
  }) => {
    const { shipper, carrierUser, move } = await completedMove(client)
    const url = `/api/drayage/moves/${move.id}/invoices`
    const draft = await client.post(url).loginAs(carrierUser).withCsrfToken()
    draft.assertStatus(201)
    assert.containsSubset(draft.body(), {
      kind: 'DRAYAGE',
      status: 'DRAFT',
      bookingId: null,
      bookingReference: null,
      drayageMoveId: move.id,
      amount: 1690,
      number: null,
      pdfUrl: null,
    })
    assert.match(draft.body().drayageReference, /^DRY-\d{3,}$/)
    assert.deepEqual(shape(draft.body().lines), EXPECTED)
    // The shipper never sees the carrier's draft.
    assert.lengthOf((await client.get(url).loginAs(shipper)).body().invoices, 0)
    assert.lengthOf((await client.get(url).loginAs(carrierUser)).body().invoices, 1)
    // Drafting again refreshes the one draft.
    const again = await client.post(url).loginAs(carrierUser).withCsrfToken()
    assert.equal(again.body().id, draft.body().id)

    const issued = await client
      .post(`/api/advanced-invoices/${draft.body().id}/issue`)
      .loginAs(carrierUser)
      .withCsrfToken()
    issued.assertStatus(200)
    assert.match(issued.body().number, /^AINV-2026-\d{6}$/)
    assert.containsSubset(issued.body(), {
      status: 'ISSUED',
      flagged: false,
      audit: { result: 'PASS', billed: 1690, expected: 1690, variance: 0 },
    })
    const seen = await client.get(url).loginAs(shipper)
    assert.equal(seen.body().invoices[0].audit.result, 'PASS')
    const mine = await client.get('/api/advanced-invoices').loginAs(shipper)
    assert.include(
      mine.body().invoices.map((i: any) => i.id),
      draft.body().id
    )
    const pdf = await client.get(issued.body().pdfUrl).loginAs(shipper)
    pdf.assertStatus(200)
    pdf.assertHeader('content-type', 'application/pdf')
    // One open invoice per move.
    const twice = await client.post(url).loginAs(carrierUser).withCsrfToken()
    twice.assertStatus(409)
    twice.assertBodyContains({ message: MOVE_INVOICED })
  })

  test('a carrier billing more days than the rules give is flagged', async ({ client, assert }) => {
    const { shipper, carrierUser, move } = await completedMove(client)
    const lines = [
      { code: 'DEMURRAGE', days: 2, unitPrice: 175, from: '2026-03-08', to: '2026-03-09' },
      { code: 'DEMURRAGE', days: 3, unitPrice: 350, from: '2026-03-10', to: '2026-03-12' },
      { code: 'PER_DIEM', days: 2, unitPrice: 95, from: '2026-03-14', to: '2026-03-15' },
    ]
    const draft = await client
      .post(`/api/drayage/moves/${move.id}/invoices`)
      .json({ lines })
      .loginAs(carrierUser)
      .withCsrfToken()
    draft.assertStatus(201)
    // The line haul is the move's price, never typed: it is billed beside the typed days.
    assert.equal(draft.body().amount, 2040)
    const issued = await client
      .post(`/api/advanced-invoices/${draft.body().id}/issue`)
      .loginAs(carrierUser)
      .withCsrfToken()
    assert.containsSubset(issued.body(), {
      flagged: true,
      audit: { result: 'FLAGGED', billed: 2040, expected: 1690, variance: 350 },
    })
    assert.deepEqual(
      issued.body().audit.lines.map((l: any) => [l.code, l.variance]),
      [
        ['LINEHAUL', 0],
        ['DEMURRAGE', 0],
        ['DEMURRAGE', 350],
        ['PER_DIEM', 0],
      ]
    )
    // The shipper answers the flagged invoice like any other.
    const dispute = await client
      .post(`/api/advanced-invoices/${draft.body().id}/decision`)
      .json({ decision: 'DISPUTED', reason: 'The container left the terminal on March 11' })
      .loginAs(shipper)
      .withCsrfToken()
    dispute.assertStatus(200)
  })

  test('a move not yet complete is a 409, an unpriced one with nothing to bill too; the line haul alone is billed', async ({
    client,
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const move = await makeMove(shipper)
    const post = (path: string) =>
      client.post(`/api/drayage/moves/${move.id}/${path}`).loginAs(carrierUser).withCsrfToken()
    ;(await post('accept')).assertStatus(200)
    const early = await post('invoices')
    early.assertStatus(409)
    early.assertBodyContains({ message: NOT_RETURNED })
    // Out and back within the free days: no demurrage, no per diem, only the line haul.
    await openPickupWindow(move.id)
    ;(await post('gate-out')).assertStatus(200)
    ;(await post('empty-return')).assertStatus(200)
    // A move requested before drayage was priced (no line haul) has nothing to bill.
    await DrayageMove.query().where('id', move.id).update({ lineHaul: null })
    const empty = await post('invoices')
    empty.assertStatus(409)
    empty.assertBodyContains({ message: NOTHING_TO_BILL })
    assert.lengthOf(await AdvancedInvoice.query().where('drayageMoveId', move.id), 0)
    await DrayageMove.query().where('id', move.id).update({ lineHaul: 450 })
    const lineHaulOnly = await post('invoices')
    lineHaulOnly.assertStatus(201)
    assert.deepEqual(shape(lineHaulOnly.body().lines), [EXPECTED[0]])
    assert.equal(lineHaulOnly.body().amount, 450)
  })

  test('bad lines are a 422 naming the field, and nothing is stored', async ({
    client,
    assert,
  }) => {
    const { carrierUser, move } = await completedMove(client)
    const line = {
      code: 'DEMURRAGE',
      days: 2,
      unitPrice: 175,
      from: '2026-03-08',
      to: '2026-03-09',
    }
    const cases: [unknown, string][] = [
      [[], 'lines'],
      [[{ ...line, code: 'LINEHAUL' }], 'lines.0.code'],
      [[{ ...line, days: 0 }], 'lines.0.days'],
      [[{ ...line, days: 1.5 }], 'lines.0.days'],
      [[{ ...line, unitPrice: 0 }], 'lines.0.unitPrice'],
      [[{ ...line, from: '2026-02-30' }], 'lines.0.from'],
      [[{ ...line, to: 'soon' }], 'lines.0.to'],
      [[{ ...line, to: '2026-03-01' }], 'lines.0.to'],
    ]
    for (const [lines, field] of cases) {
      const res = await client
        .post(`/api/drayage/moves/${move.id}/invoices`)
        .json({ lines })
        .loginAs(carrierUser)
        .withCsrfToken()
      res.assertStatus(422)
      assert.equal(res.body().errors[0].field, field, JSON.stringify(lines))
      assert.isString(res.body().errors[0].message)
    }
    assert.lengthOf(await AdvancedInvoice.query().where('drayageMoveId', move.id), 0)
  })

  test('only the move’s carrier drafts; its shipper and carrier read; others get 404 or 403', async ({
    client,
    assert,
  }) => {
    const { shipper, carrierUser, move } = await completedMove(client)
    const url = `/api/drayage/moves/${move.id}/invoices`
    const otherCarrier = await makeUser('carrier', { isApproved: true })
    const pending = await makeUser('carrier')
    const otherShipper = await makeUser('shipper')
    const admin = await makeUser('admin')
    ;(await client.post(url).loginAs(shipper).withCsrfToken()).assertStatus(403)
    ;(await client.post(url).loginAs(pending).withCsrfToken()).assertStatus(403)
    ;(await client.post(url).loginAs(otherCarrier).withCsrfToken()).assertStatus(404)
    ;(await client.post(url).loginAs(admin).withCsrfToken()).assertStatus(403)
    ;(await client.get(url).loginAs(otherCarrier)).assertStatus(404)
    ;(await client.get(url).loginAs(otherShipper)).assertStatus(404)
    ;(await client.get(url).loginAs(admin)).assertStatus(403)
    ;(await client.get(`/api/drayage/moves/999999/invoices`).loginAs(carrierUser)).assertStatus(404)
    ;(await client.post(url).withCsrfToken()).assertStatus(401)
    const draft = await client.post(url).loginAs(carrierUser).withCsrfToken()
    draft.assertStatus(201)
    // Another carrier can neither issue nor download it; the shipper cannot see a draft.
    const id = draft.body().id
    ;(
      await client.post(`/api/advanced-invoices/${id}/issue`).loginAs(otherCarrier).withCsrfToken()
    ).assertStatus(404)
    ;(await client.get(`/api/advanced-invoices/${id}/pdf`).loginAs(shipper)).assertStatus(404)
    assert.lengthOf(await AdvancedInvoice.query().where('drayageMoveId', move.id), 1)
  })
})
