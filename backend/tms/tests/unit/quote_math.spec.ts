import { test } from '@japa/runner'
import type { CarrierQuote } from '#plugins/rate_quoting/main'
import {
  askWithTimeout,
  baseTotalCents,
  bookingKeyOf,
  bookingPartnerOf,
  cacheUntil,
  durationText,
  wireQuote,
} from '#tms/services/quote_math'
import { carrierKeyOf } from '#marketplace/services/partner_booking_service'

const quote: CarrierQuote = {
  carrier: 'Lakeshore Freight LTL',
  carrierKey: 'lakeshore',
  mode: 'LTL',
  serviceLevel: 'STANDARD',
  transitDays: 2,
  reliability: 0.9,
  totalCents: 25389,
  lineItems: [
    { code: 'LINEHAUL', description: 'Line haul', amountCents: 58500 },
    { code: 'DISCOUNT', description: 'Discount', amountCents: -38025 },
    { code: 'FSC', description: 'Fuel', amountCents: 4914 },
  ],
  validUntil: '2026-01-08T12:00:00.000Z',
  partnerQuoteId: 'LFL-0123456789ABCDEF',
  currency: 'USD',
}

test.group('TMS quote helpers', () => {
  test('a quote on the wire: dollars, snake_case, the row id', ({ assert }) => {
    assert.deepEqual(wireQuote(7, 'ltl_partner', quote), {
      id: 7,
      carrier: 'Lakeshore Freight LTL',
      mode: 'LTL',
      service_level: 'STANDARD',
      transit_days: 2,
      reliability: 0.9,
      total: 253.89,
      line_items: [
        { code: 'LINEHAUL', amount: 585 },
        { code: 'DISCOUNT', amount: -380.25 },
        { code: 'FSC', amount: 49.14 },
      ],
      valid_until: '2026-01-08T12:00:00.000Z',
      provider: 'ltl_partner',
    })
  })

  test('base total is everything but the fuel surcharge', ({ assert }) => {
    assert.equal(baseTotalCents(quote), 25389 - 4914)
  })

  test('cache lifetime: 10 minutes, never past the earliest quote, never with a gap', ({
    assert,
  }) => {
    const now = Date.parse('2026-01-01T12:00:00Z')
    const wire = wireQuote(1, 'ltl_partner', quote)
    assert.equal(cacheUntil(now, { quotes: [wire], unavailable: [] }, 600), now + 600_000)
    const soon = { ...wire, valid_until: '2026-01-01T12:04:00.000Z' }
    assert.equal(
      cacheUntil(now, { quotes: [wire, soon], unavailable: [] }, 600),
      Date.parse(soon.valid_until)
    )
    assert.isNull(
      cacheUntil(now, { quotes: [wire], unavailable: [{ provider: 'x', reason: 'y' }] }, 600)
    )
    assert.isNull(cacheUntil(now, { quotes: [wire], unavailable: [] }, 0))
  })

  test('askWithTimeout: an answer, a failure, and a hang cut at the timeout', async ({
    assert,
  }) => {
    assert.deepEqual(await askWithTimeout('a', async () => [quote], 100), {
      provider: 'a',
      ok: true,
      quotes: [quote],
    })
    assert.deepEqual(
      await askWithTimeout('b', async () => Promise.reject(new Error('secret detail')), 100),
      { provider: 'b', ok: false, reason: 'The provider failed to answer' }
    )
    const started = performance.now()
    const hung = await askWithTimeout('c', () => new Promise(() => {}), 50)
    assert.deepEqual(hung, { provider: 'c', ok: false, reason: 'No answer within 50 ms' })
    assert.isBelow(performance.now() - started, 200)
    // A synchronous throw is a failure too, not a crash.
    const thrown = await askWithTimeout(
      'd',
      () => {
        throw new RangeError('bad input')
      },
      50
    )
    assert.isFalse(thrown.ok)
  })

  test('texts and keys', ({ assert }) => {
    assert.equal(durationText(3000), '3 s')
    assert.equal(durationText(400), '400 ms')
    assert.equal(bookingKeyOf(12, 3), 'tms-quote-12-user-3')
    assert.equal(carrierKeyOf('internal', 'listing'), 'palletline')
    assert.equal(carrierKeyOf('demo_partner', 'partner:lakeshore'), 'lakeshore')
    assert.isNull(carrierKeyOf('demo_partner', null))
  })
})

test.group('bookingPartnerOf: which partner driver books a comparison driver’s quotes', () => {
  const partners = new Set(['demo_partner', 'acme_ltl'])
  const isPartner = (name: string) => partners.has(name)
  const bookWith = { ltl_partner: 'demo_partner', expedite_partner: 'demo_partner' }

  test('the config’s entry, else the partner of the same name, else none', ({ assert }) => {
    assert.equal(bookingPartnerOf('ltl_partner', bookWith, isPartner), 'demo_partner')
    assert.equal(bookingPartnerOf('acme_ltl', bookWith, isPartner), 'acme_ltl')
    assert.isNull(bookingPartnerOf('lane_model', bookWith, isPartner))
    // An entry wins over a partner of the same name; `toString` is no entry.
    assert.equal(
      bookingPartnerOf('acme_ltl', { acme_ltl: 'demo_partner' }, isPartner),
      'demo_partner'
    )
    assert.isNull(bookingPartnerOf('toString', bookWith, isPartner))
  })
})
