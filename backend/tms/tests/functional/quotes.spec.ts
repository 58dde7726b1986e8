import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import rateQuoting from '#plugins/rate_quoting/services/main'
import { FakeRateQuotingDriver } from '#plugins/rate_quoting/main'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { sqlTimestamp } from '#core/timestamps'
import ExternalQuote from '#tms/models/external_quote'
import { MISSING_POSTALS } from '#tms/validators/quote'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { seedReferenceRows } from '#tms/tests/reference_rows'

const QUOTES = '/api/tms/quotes'
const LANE = { origin: { postal: '60601' }, destination: { postal: '48201' } }
const DEFAULT_TIMEOUT = app.config.get<number>('tms.quoteTimeoutMs')

const cents = (dollars: number) => Math.round(dollars * 100)

function restore() {
  rateQuoting.restore()
  app.config.set('tms.quoteTimeoutMs', DEFAULT_TIMEOUT)
}

/** Fakes for every comparison driver, each counting its calls. */
function fakeAll() {
  const fakes: Record<string, FakeRateQuotingDriver> = {}
  rateQuoting.comparison().forEach((name, i) => {
    fakes[name] = rateQuoting.swap(new FakeRateQuotingDriver(200 + 50 * i, `fake_${name}`), name)
  })
  return fakes
}

test.group('POST /api/tms/quotes: validation and defaults', (group) => {
  eachTestInTransaction(group)
  group.each.setup(seedReferenceRows)
  group.each.teardown(restore)

  test('both postal codes missing: the spec message, on both fields', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    for (const body of [
      {},
      { origin: { postal: '' }, destination: { postal: '   ' } },
      { origin: {}, destination: {} },
    ]) {
      const res = await client.post(QUOTES).json(body).loginAs(shipper).withCsrfToken()
      res.assertStatus(422)
      assert.equal(res.body().message, MISSING_POSTALS)
      assert.equal(
        res.body().message,
        'Missing Information: Please enter both origin and destination postal codes'
      )
      assert.sameMembers(
        res.body().errors.map((e: any) => e.field),
        ['origin', 'destination'].map((f) => (body.origin ? `${f}.postal` : f))
      )
    }
    const one = await client
      .post(QUOTES)
      .json({ origin: { postal: '60601' }, destination: { postal: '' } })
      .loginAs(shipper)
      .withCsrfToken()
    one.assertStatus(422)
    assert.deepEqual(one.body().errors, [
      { field: 'destination.postal', message: MISSING_POSTALS, rule: 'required' },
    ])
  })

  test('a postal code sent as a JSON number is a 422 naming the field and its type', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const res = await client
      .post(QUOTES)
      .json({ origin: { postal: 60601 }, destination: { postal: 48201 } })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors, [
      {
        field: 'origin.postal',
        message:
          'Origin postal code must be a string, e.g. "02134" (a number loses its leading zeros)',
        rule: 'string',
      },
      {
        field: 'destination.postal',
        message:
          'Destination postal code must be a string, e.g. "02134" (a number loses its leading zeros)',
        rule: 'string',
      },
    ])
    assert.equal(res.body().message, res.body().errors[0].message)
    assert.lengthOf(await ExternalQuote.all(), 0)
  })

  test('an unknown postal code is a 422 on its field', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const res = await client
      .post(QUOTES)
      .json({ origin: { postal: '00000' }, destination: { postal: 'abcde' } })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors, [
      { field: 'origin.postal', message: 'Origin postal code not found', rule: 'postalFound' },
      {
        field: 'destination.postal',
        message: 'Destination postal code not found',
        rule: 'postalFound',
      },
    ])
  })

  test('weight from 1 to 45,000 whole pounds; mode LTL, TL or EXP', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    for (const weight of [0, 45_001, 12.5, 'heavy']) {
      const res = await client
        .post(QUOTES)
        .json({ ...LANE, weight_lbs: weight })
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(res.body().errors[0], {
        field: 'weight_lbs',
        message: 'Weight must be a whole number of pounds from 1 to 45,000',
      })
    }
    const mode = await client
      .post(QUOTES)
      .json({ ...LANE, mode: 'AIR' })
      .loginAs(shipper)
      .withCsrfToken()
    mode.assertStatus(422)
    assert.deepInclude(mode.body().errors[0], {
      field: 'mode',
      message: 'Mode must be one of LTL, TL, EXP',
    })
    const heaviest = await client
      .post(QUOTES)
      .json({ ...LANE, weight_lbs: 45_000, mode: 'TL' })
      .loginAs(shipper)
      .withCsrfToken()
    heaviest.assertStatus(200)
  })

  test('defaults: LTL and 1,000 lb; the road distance between the geocoded ZIPs', async ({
    client,
    assert,
  }) => {
    const fakes = fakeAll()
    const shipper = await makeUser('shipper')
    const res = await client.post(QUOTES).json(LANE).loginAs(shipper).withCsrfToken()
    res.assertStatus(200)
    for (const fake of Object.values(fakes)) {
      assert.lengthOf(fake.rated, 1)
      assert.equal(fake.rated[0].mode, 'LTL')
      assert.equal(fake.rated[0].weightLbs, 1000)
      assert.equal(fake.rated[0].origin.postal, '60601')
      assert.equal(fake.rated[0].destination.state, 'MI')
      assert.closeTo(fake.rated[0].distanceMiles, 283.4, 0.5)
      assert.isAbove(fake.rated[0].fuel.length, 0)
      assert.isAbove(fake.rated[0].accessorials.length, 0)
    }
    assert.deepEqual(
      res.body().quotes.map((q: any) => q.mode),
      ['LTL', 'LTL', 'LTL']
    )
  })

  test('who may compare: approved users of every role; not a pending carrier or anonymous', async ({
    client,
  }) => {
    fakeAll()
    for (const role of ['shipper', 'carrier', 'admin'] as const) {
      const user = await makeUser(role, { isApproved: true })
      const res = await client.post(QUOTES).json(LANE).loginAs(user).withCsrfToken()
      res.assertStatus(200)
    }
    const pending = await makeUser('carrier', { isApproved: false })
    const refused = await client.post(QUOTES).json(LANE).loginAs(pending).withCsrfToken()
    refused.assertStatus(403)
    refused.assertBodyContains({ message: 'Account pending approval' })
    const anonymous = await client.post(QUOTES).json(LANE).withCsrfToken()
    anonymous.assertStatus(401)
  })
})

test.group('POST /api/tms/quotes: the real drivers', (group) => {
  eachTestInTransaction(group)
  group.each.setup(seedReferenceRows)
  group.each.teardown(restore)

  test('Chicago to Detroit LTL: network and LTL partner quotes whose line items add up', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const res = await client.post(QUOTES).json(LANE).loginAs(shipper).withCsrfToken()
    res.assertStatus(200)
    const { quotes, unavailable } = res.body()
    assert.deepEqual(unavailable, [])
    assert.deepEqual(
      quotes.map((q: any) => [q.provider, q.service_level]),
      [
        ['lane_model', 'STANDARD'],
        ['ltl_partner', 'STANDARD'],
        ['ltl_partner', 'GUARANTEED'],
      ]
    )
    for (const quote of quotes) {
      const sum = quote.line_items.reduce((s: number, l: any) => s + cents(l.amount), 0)
      assert.equal(sum, cents(quote.total), `${quote.carrier} ${quote.service_level}`)
      assert.isAtLeast(quote.reliability, 0)
      assert.isAtMost(quote.reliability, 1)
      assert.isAbove(Date.parse(quote.valid_until), Date.now())
    }
    const lakeshore = quotes.find(
      (q: any) => q.service_level === 'STANDARD' && q.provider === 'ltl_partner'
    )
    // Decision 0070's worked example, on the fuel row in force today.
    assert.equal(lakeshore.carrier, 'Lakeshore Freight LTL')
    assert.deepEqual(lakeshore.line_items.slice(0, 2), [
      { code: 'LINEHAUL', amount: 585 },
      { code: 'DISCOUNT', amount: -380.25 },
    ])
    // No delivered shipments yet: every carrier shows the documented 0.9 prior.
    assert.deepEqual([...new Set(quotes.map((q: any) => q.reliability))], [0.9])
  })

  test('every quote is stored in external_quotes: base total without FSC, total with it', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const res = await client
      .post(QUOTES)
      .json({ ...LANE, mode: 'EXP', weight_lbs: 2500 })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    const quotes = res.body().quotes
    assert.isAbove(quotes.length, 1)
    const rows = await ExternalQuote.query().orderBy('id')
    assert.deepEqual(
      rows.map((r) => r.id),
      quotes.map((q: any) => q.id)
    )
    for (const [i, row] of rows.entries()) {
      const quote = quotes[i]
      const fsc = quote.line_items.find((l: any) => l.code === 'FSC')?.amount ?? 0
      assert.equal(row.provider, quote.provider)
      assert.equal(row.userId, shipper.id)
      assert.match(row.requestHash, /^[0-9a-f]{64}$/)
      assert.equal(row.totalWithSurcharge, quote.total)
      assert.equal(cents(row.baseTotal!), cents(quote.total) - cents(fsc))
      assert.equal(
        row.validUntil!.toUTC().toISO(),
        DateTime.fromISO(quote.valid_until).toUTC().toISO()
      )
      assert.match(row.partnerQuoteId!, /^(PLN|CTX|LFL)-[0-9A-F]{16}$/)
    }
  })

  test('reliability follows the network’s measured deliveries', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const { makeBooking, makeListing } = await import('#tests/factories')
    const carrier = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrier)
    // 10 delivered, 5 of them a day late: (5 + 18) / (10 + 20) = 0.767. Delivered at noon in
    // New York, whose day judges on time, whatever the process's zone.
    const noonOnDue = DateTime.fromISO('2025-03-10T12:00', { zone: BUSINESS_TIME_ZONE })
    for (let i = 0; i < 10; i++) {
      const booking = await makeBooking(shipper, listing, { status: 'delivered' })
      await db
        .from('bookings')
        .where('id', booking.id)
        .update({
          delivery_date: '2025-03-10',
          delivered_at: sqlTimestamp(noonOnDue.plus({ days: i < 5 ? 0 : 1 }), db.connection()),
        })
    }
    const res = await client.post(QUOTES).json(LANE).loginAs(shipper).withCsrfToken()
    res.assertStatus(200)
    const network = res.body().quotes.find((q: any) => q.provider === 'lane_model')
    assert.equal(network.reliability, 0.767)
    const partner = res.body().quotes.find((q: any) => q.provider === 'ltl_partner')
    assert.equal(partner.reliability, 0.9)
  })
})

test.group('POST /api/tms/quotes: slow providers and the cache', (group) => {
  eachTestInTransaction(group)
  group.each.setup(seedReferenceRows)
  group.each.teardown(restore)

  test('a hanging provider: the answer comes at about the timeout with the others’ quotes', async ({
    client,
    assert,
  }) => {
    app.config.set('tms.quoteTimeoutMs', 400)
    const hanging = rateQuoting.swap(new FakeRateQuotingDriver().hangFor(Infinity), 'ltl_partner')
    const slow = rateQuoting.swap(new FakeRateQuotingDriver(250, 'slow').hangFor(300), 'lane_model')
    const failing = rateQuoting.swap(
      new FakeRateQuotingDriver().failWith(new Error('partner down')),
      'expedite_partner'
    )
    const shipper = await makeUser('shipper')
    const started = performance.now()
    const res = await client.post(QUOTES).json(LANE).loginAs(shipper).withCsrfToken()
    const elapsed = performance.now() - started
    res.assertStatus(200)
    assert.lengthOf(hanging.rated, 1)
    assert.lengthOf(slow.rated, 1)
    assert.lengthOf(failing.rated, 1)
    assert.deepEqual(
      res.body().quotes.map((q: any) => q.provider),
      ['lane_model']
    )
    assert.deepEqual(res.body().unavailable, [
      { provider: 'ltl_partner', reason: 'No answer within 400 ms' },
      { provider: 'expedite_partner', reason: 'The provider failed to answer' },
    ])
    // Parallel, not one after another: about the timeout, far below 300 + 400.
    assert.isAtLeast(elapsed, 390)
    assert.isBelow(elapsed, 400 + 250)
  })

  test('the same request again is answered from rates_cache: no provider is asked', async ({
    client,
    assert,
  }) => {
    const fakes = fakeAll()
    const shipper = await makeUser('shipper')
    const first = await client.post(QUOTES).json(LANE).loginAs(shipper).withCsrfToken()
    first.assertStatus(200)
    const second = await client
      .post(QUOTES)
      .json({ ...LANE, weight_lbs: 1000, mode: 'LTL' })
      .loginAs(shipper)
      .withCsrfToken()
    second.assertStatus(200)
    assert.deepEqual(second.body(), first.body())
    for (const fake of Object.values(fakes)) assert.lengthOf(fake.rated, 1)
    assert.equal(
      await ExternalQuote.query()
        .count('* as n')
        .first()
        .then((r: any) => Number(r.$extras.n)),
      3
    )
    const [cache] = await db.from('rates_cache').select('*')
    const expires = DateTime.fromSQL(String(cache.expires_at))
    const minutes =
      DateTime.fromJSDate(new Date(cache.expires_at)).isValid && !expires.isValid
        ? DateTime.fromJSDate(new Date(cache.expires_at)).diffNow('minutes').minutes
        : expires.diffNow('minutes').minutes
    assert.closeTo(minutes, 10, 0.2)

    // Another shipment, or another user, asks the providers again.
    await client
      .post(QUOTES)
      .json({ ...LANE, weight_lbs: 1200 })
      .loginAs(shipper)
      .withCsrfToken()
    const other = await makeUser('shipper')
    await client.post(QUOTES).json(LANE).loginAs(other).withCsrfToken()
    for (const fake of Object.values(fakes)) assert.lengthOf(fake.rated, 3)
  })

  test('an answer missing a provider is not cached: the next request asks again', async ({
    client,
    assert,
  }) => {
    const fakes = fakeAll()
    fakes.ltl_partner.failWith(new Error('down'))
    const shipper = await makeUser('shipper')
    const first = await client.post(QUOTES).json(LANE).loginAs(shipper).withCsrfToken()
    assert.lengthOf(first.body().unavailable, 1)
    fakes.ltl_partner.answerNormally()
    const second = await client.post(QUOTES).json(LANE).loginAs(shipper).withCsrfToken()
    assert.deepEqual(second.body().unavailable, [])
    assert.lengthOf(fakes.lane_model.rated, 2)
    assert.lengthOf(second.body().quotes, 3)
  })
})
