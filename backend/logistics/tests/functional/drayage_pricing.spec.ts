import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Clock } from '#core/clock'
import DrayageMove from '#logistics/models/drayage_move'
import Terminal from '#logistics/models/terminal'
import { DEFAULT_LINE_HAUL_BANDS } from '#logistics/services/drayage_tariff'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { fixClock, makeTerminal } from '#logistics/tests/drayage_fixtures'

/** LBCT to North Long Beach: 7.7 road miles, the first default band ($450). */
const good = {
  containerNo: 'CSQU3054383',
  terminalCode: 'LBCT',
  availableOn: '2026-03-05',
  deliveryAddress: '2400 E Artesia Blvd, Long Beach, CA 90805',
}

const terminalBody = {
  code: 'LBCT',
  name: 'Long Beach Container Terminal',
  unLocode: 'USLGB',
  address: '1171 Pier F Ave, Long Beach, CA 90802',
  kind: 'PORT',
}

test.group('Drayage pricing: the line haul (docs/decisions/0187)', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    fixClock()
    return () => app.container.restore(Clock)
  })

  test('the server prices a requested move; the shipper sees the price, carriers their pay', async ({
    client,
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const created = await client
      .post('/api/drayage/moves')
      // A price in the request is not the request's to give.
      .json({ ...good, lineHaul: 1, carrierPay: 1 })
      .loginAs(shipper)
      .withCsrfToken()
    created.assertStatus(201)
    assert.containsSubset(created.body(), { distanceMiles: 7.7, lineHaul: 450, carrierPay: null })
    const row = await DrayageMove.findOrFail(created.body().id)
    assert.equal(row.lineHaul, 450)

    const open = await client.get('/api/drayage/moves/open').loginAs(carrier)
    open.assertStatus(200)
    const offered = open.body().find((m: any) => m.id === row.id)
    // 91 percent of $450 by the payout split; never the shipper's price.
    assert.containsSubset(offered, { distanceMiles: 7.7, lineHaul: null, carrierPay: 409.5 })
    const accepted = await client
      .post(`/api/drayage/moves/${row.id}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    accepted.assertStatus(200)
    assert.containsSubset(accepted.body(), { lineHaul: null, carrierPay: 409.5 })
    const shipperRead = await client.get(`/api/drayage/moves/${row.id}`).loginAs(shipper)
    assert.containsSubset(shipperRead.body(), { lineHaul: 450, carrierPay: null })
  })

  test('a terminal’s own bands price its moves; beyond the last band or an address that cannot be placed is a 422 on deliveryAddress', async ({
    client,
    assert,
  }) => {
    const terminal = await makeTerminal()
    terminal.lineHaulBands = [{ upToMiles: 10, cents: 39_950 }]
    await terminal.save()
    const shipper = await makeUser('shipper')
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { ...good, deliveryAddress: 'Detroit, MI 48201' },
        'deliveryAddress',
        /about \d+ road miles from the terminal; drayage from it goes at most 10 miles/,
      ],
      [{ ...good, deliveryAddress: 'Somewhere nice' }, 'deliveryAddress', /not an address/],
    ]
    for (const [body, field, message] of cases) {
      const res = await client
        .post('/api/drayage/moves')
        .json(body)
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      const error = res.body().errors.find((e: any) => e.field === field)
      assert.match(error?.message ?? '', message, JSON.stringify(res.body()))
    }
    assert.lengthOf(await DrayageMove.all(), 0)

    const priced = await client
      .post('/api/drayage/moves')
      .json(good)
      .loginAs(shipper)
      .withCsrfToken()
    priced.assertStatus(201)
    assert.containsSubset(priced.body(), { lineHaul: 399.5 })
  })

  test('a terminal whose address cannot be placed cannot price moves: a 422 on terminalCode', async ({
    client,
    assert,
  }) => {
    await Terminal.create({
      code: 'PIER9',
      name: 'Pier 9',
      unLocode: null,
      address: 'Pier 9 somewhere',
      kind: 'PORT',
      demurrageTiers: [],
      perDiemTiers: [],
      lineHaulBands: [],
    })
    const shipper = await makeUser('shipper')
    const res = await client
      .post('/api/drayage/moves')
      .json({ ...good, terminalCode: 'PIER9' })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepInclude(
      res.body().errors.map((e: any) => [e.field, e.rule]),
      ['terminalCode', 'priceable']
    )
    assert.lengthOf(await DrayageMove.all(), 0)
  })

  test('an admin keeps a terminal’s bands; bad bands are a 422 naming the field; others may not', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const lbct = await makeTerminal()
    const listed = await client.get('/api/drayage/terminals').loginAs(admin)
    assert.containsSubset(listed.body()[0], {
      lineHaulBands: [],
      effectiveLineHaulBands: DEFAULT_LINE_HAUL_BANDS,
    })
    const bands = [
      { upToMiles: 40, cents: 65_000 },
      { upToMiles: 15, cents: 42_500 },
    ]
    const edited = await client
      .put(`/api/admin/terminals/${lbct.id}`)
      .json({ ...terminalBody, lineHaulBands: bands })
      .loginAs(admin)
      .withCsrfToken()
    edited.assertStatus(200)
    const sorted = [bands[1], bands[0]]
    assert.deepEqual(edited.body().lineHaulBands, sorted)
    assert.deepEqual(edited.body().effectiveLineHaulBands, sorted)

    const cases: [unknown, string, string][] = [
      [
        [{ upToMiles: 0, cents: 45_000 }],
        'lineHaulBands.0.upToMiles',
        'A band reaches 1 to 500 miles',
      ],
      [
        [{ upToMiles: 20, cents: 450.5 }],
        'lineHaulBands.0.cents',
        'A band price is a whole number of cents',
      ],
      [
        [{ upToMiles: 20, cents: 50 }],
        'lineHaulBands.0.cents',
        'A band price is $1.00 to $100,000.00 (in cents)',
      ],
      [
        [
          { upToMiles: 20, cents: 45_000 },
          { upToMiles: 20, cents: 55_000 },
        ],
        'lineHaulBands',
        'Each band reaches a different distance',
      ],
    ]
    for (const [lineHaulBands, field, message] of cases) {
      const res = await client
        .put(`/api/admin/terminals/${lbct.id}`)
        .json({ ...terminalBody, lineHaulBands })
        .loginAs(admin)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(
        res.body().errors.map((e: any) => [e.field, e.message]),
        [field, message],
        JSON.stringify(res.body())
      )
    }
    await lbct.refresh()
    assert.deepEqual(lbct.lineHaulBands, sorted)

    for (const user of [
      await makeUser('shipper'),
      await makeUser('carrier', { isApproved: true }),
    ]) {
      ;(
        await client
          .put(`/api/admin/terminals/${lbct.id}`)
          .json({ ...terminalBody, lineHaulBands: [] })
          .loginAs(user)
          .withCsrfToken()
      ).assertStatus(403)
    }
    await lbct.refresh()
    assert.deepEqual(lbct.lineHaulBands, sorted)
    // Emptied by the admin, it prices by the defaults again.
    const cleared = await client
      .put(`/api/admin/terminals/${lbct.id}`)
      .json({ ...terminalBody, lineHaulBands: [] })
      .loginAs(admin)
      .withCsrfToken()
    cleared.assertStatus(200)
    assert.deepEqual(cleared.body().effectiveLineHaulBands, DEFAULT_LINE_HAUL_BANDS)
  })
})
