/**
 * The shared contract suites. Every driver that recommends a range (`quote`) passes
 * rateQuotingContract: a range in whole cents that is ordered, a transit time, and a basis
 * that says what the figures rest on. Every driver that rates shipments passes
 * shipmentRatingContract: balanced quotes in whole cents for the modes it serves and none for
 * the others, reliability within 0..1, validity counted from the input's `now`, stable ids.
 */
import { test } from '@japa/runner'
import type {
  AccessorialPrice,
  CarrierQuote,
  FreightMode,
  QuoteInput,
  RateRecommender,
  ShipmentRateInput,
  ShipmentRater,
} from '../types.js'
import { assertBalanced } from '../drivers/shipment_math.js'

export const CHICAGO_TO_DETROIT: QuoteInput = {
  origin: { postal: '60601', lat: 41.8858, lng: -87.6181, state: 'IL' },
  destination: { postal: '48201', lat: 42.3478, lng: -83.0603, state: 'MI' },
  distanceMiles: 283.4,
  equipment: 'VAN',
  mode: 'TL',
  pallets: 4,
  weightLbs: 4000,
  dims: { l: 48, w: 40, h: 60 },
  pickupDate: '2026-03-02',
  history: [],
  fuel: [{ indexDate: '2026-02-23', fscPct: 40, dieselPrice: 3.6 }],
}

export function rateQuotingContract(name: string, makeDriver: () => Promise<RateRecommender>) {
  test.group(`Rate quoting contract: ${name}`, () => {
    test('answers an ordered range in whole cents with a transit time', async ({ assert }) => {
      const result = await (await makeDriver()).quote(CHICAGO_TO_DETROIT)
      for (const cents of [result.lowCents, result.midCents, result.highCents]) {
        assert.isTrue(Number.isSafeInteger(cents) && cents > 0, `${cents}`)
      }
      assert.isAtMost(result.lowCents, result.midCents)
      assert.isAtMost(result.midCents, result.highCents)
      assert.isAbove(result.etaHours, 0)
    })

    test('says what the figures rest on', async ({ assert }) => {
      const result = await (await makeDriver()).quote(CHICAGO_TO_DETROIT)
      assert.oneOf(result.basis.method, ['lane_history', 'cost_model'])
      assert.oneOf(result.confidence, ['high', 'medium', 'low'])
      assert.isAbove(result.basis.description.length, 10)
      assert.isAtLeast(result.sampleSize, 0)
    })

    test('scales with distance', async ({ assert }) => {
      const driver = await makeDriver()
      const near = await driver.quote(CHICAGO_TO_DETROIT)
      const far = await driver.quote({ ...CHICAGO_TO_DETROIT, distanceMiles: 566.8 })
      assert.isAbove(far.midCents, near.midCents)
      assert.isAbove(far.etaHours, near.etaHours)
    })
  })
}

/** accessorials_master as migration 0300 seeds it (database/data/diesel_prices.ts), in cents. */
export const ACCESSORIALS_MASTER: AccessorialPrice[] = [
  { code: 'LIFTGATE', description: 'Liftgate at pickup or delivery', defaultPriceCents: 75_00 },
  { code: 'RESIDENTIAL', description: 'Residential pickup or delivery', defaultPriceCents: 95_00 },
  { code: 'INSIDE', description: 'Inside delivery', defaultPriceCents: 110_00 },
  {
    code: 'LIMITED',
    description: 'Limited access location (school, farm, site)',
    defaultPriceCents: 85_00,
  },
  { code: 'APPT', description: 'Appointment or notify before delivery', defaultPriceCents: 25_00 },
  {
    code: 'DETENTION_HR',
    description: 'Detention, per hour after 2 free hours',
    defaultPriceCents: 75_00,
  },
  { code: 'HAZMAT', description: 'Hazardous materials', defaultPriceCents: 150_00 },
  { code: 'TARP', description: 'Tarping (flatbed)', defaultPriceCents: 100_00 },
  { code: 'REDELIVERY', description: 'Redelivery attempt', defaultPriceCents: 150_00 },
  { code: 'SORT_SEG', description: 'Sort and segregate', defaultPriceCents: 65_00 },
]

/** The TMS form's default request: 1,000 lb from Chicago 60601 to Detroit 48201, LTL. */
export const CHICAGO_TO_DETROIT_SHIPMENT: ShipmentRateInput = {
  origin: CHICAGO_TO_DETROIT.origin,
  destination: CHICAGO_TO_DETROIT.destination,
  distanceMiles: 283.4,
  mode: 'LTL',
  weightLbs: 1000,
  pickupDate: '2026-03-02',
  now: '2026-03-01T15:00:00.000Z',
  fuel: [
    { indexDate: '2026-02-16', fscPct: 41, dieselPrice: 3.7 },
    { indexDate: '2026-02-23', fscPct: 40, dieselPrice: 3.6 },
  ],
  accessorials: ACCESSORIALS_MASTER,
  history: [],
  reliability: {},
}

const ALL_MODES: FreightMode[] = ['LTL', 'TL', 'EXP']
const HOUR = 3_600_000

export function shipmentRatingContract(
  name: string,
  makeDriver: () => Promise<ShipmentRater>,
  served: { modes: FreightMode[] }
) {
  const request = (over: Partial<ShipmentRateInput> = {}): ShipmentRateInput => ({
    ...CHICAGO_TO_DETROIT_SHIPMENT,
    mode: served.modes[0],
    ...over,
  })
  const rate = async (over: Partial<ShipmentRateInput> = {}) =>
    (await makeDriver()).rateShipment(request(over))
  const byService = (quotes: CarrierQuote[]) =>
    Object.fromEntries(quotes.map((q) => [q.serviceLevel, q]))

  test.group(`Shipment rating contract: ${name}`, () => {
    test('answers balanced quotes in whole cents for each mode it serves', async ({ assert }) => {
      for (const mode of served.modes) {
        const quotes = await rate({ mode })
        assert.isAbove(quotes.length, 0, mode)
        for (const quote of quotes) {
          assert.doesNotThrow(() => assertBalanced(quote))
          assert.equal(quote.mode, mode)
          assert.equal(quote.currency, 'USD')
          assert.isTrue(Number.isSafeInteger(quote.totalCents) && quote.totalCents > 0)
          assert.equal(quote.lineItems[0].code, 'LINEHAUL')
          assert.isAbove(quote.lineItems[0].amountCents, 0)
          assert.isTrue(quote.lineItems.some((item) => item.code === 'FSC'))
          assert.isTrue(Number.isInteger(quote.transitDays) && quote.transitDays > 0)
          assert.isAtLeast(quote.reliability, 0)
          assert.isAtMost(quote.reliability, 1)
          assert.oneOf(quote.serviceLevel, ['STANDARD', 'GUARANTEED', 'EXPEDITED'])
          assert.isAbove(quote.carrier.length, 0)
          assert.match(quote.carrierKey, /^[a-z_]+$/)
          assert.match(quote.partnerQuoteId, /^[A-Z]+-[0-9A-F]{16}$/)
          for (const item of quote.lineItems) assert.isAbove(item.description.length, 3)
        }
        assert.equal(
          new Set(quotes.map((q) => q.serviceLevel)).size,
          quotes.length,
          'one quote per service level'
        )
      }
    })

    test('answers no quote for a mode it does not serve', async ({ assert }) => {
      for (const mode of ALL_MODES.filter((m) => !served.modes.includes(m))) {
        assert.deepEqual(await rate({ mode }), [], mode)
      }
    })

    test('the validity window runs from the input’s now, not the clock', async ({ assert }) => {
      for (const now of ['2020-01-01T00:00:00.000Z', '2031-07-04T12:30:00.000Z']) {
        for (const quote of await rate({ now })) {
          const window = Date.parse(quote.validUntil) - Date.parse(now)
          assert.isAbove(window, 0)
          assert.isAtMost(window, 31 * 24 * HOUR)
          assert.equal(new Date(quote.validUntil).toISOString(), quote.validUntil)
        }
      }
    })

    test('the same request gives the same quotes and ids; another request other ids', async ({
      assert,
    }) => {
      const first = await rate()
      assert.deepEqual(await rate(), first)
      const later = await rate({ now: '2026-03-01T16:45:00.000Z' })
      assert.deepEqual(
        later.map((q) => q.partnerQuoteId),
        first.map((q) => q.partnerQuoteId)
      )
      const heavier = await rate({ weightLbs: 1200 })
      for (const quote of heavier) {
        assert.notInclude(
          first.map((q) => q.partnerQuoteId),
          quote.partnerQuoteId
        )
      }
    })

    test('reliability is the prior without a record and follows a measured one', async ({
      assert,
    }) => {
      const [prior] = await rate()
      assert.equal(prior.reliability, 0.9)
      const key = prior.carrierKey
      const [poor] = await rate({ reliability: { [key]: { onTime: 60, total: 100 } } })
      const [good] = await rate({ reliability: { [key]: { onTime: 100, total: 100 } } })
      assert.isBelow(poor.reliability, prior.reliability)
      assert.isAbove(good.reliability, prior.reliability)
      assert.isAtMost(good.reliability, 1)
      const [other] = await rate({ reliability: { another_carrier: { onTime: 0, total: 50 } } })
      assert.equal(other.reliability, 0.9)
    })

    test('a requested accessorial is a line item at its accessorials_master price', async ({
      assert,
    }) => {
      const quotes = await rate({ requestedAccessorials: ['RESIDENTIAL', 'APPT'] })
      assert.isAbove(quotes.length, 0)
      for (const quote of quotes) {
        const lines = Object.fromEntries(quote.lineItems.map((i) => [i.code, i]))
        assert.deepEqual(lines.RESIDENTIAL, {
          code: 'RESIDENTIAL',
          description: 'Residential pickup or delivery',
          amountCents: 95_00,
        })
        assert.equal(lines.APPT.amountCents, 25_00)
      }
      const plain = byService(await rate())
      for (const quote of quotes) {
        assert.equal(quote.totalCents, plain[quote.serviceLevel].totalCents + 120_00)
      }
      await assert.rejects(() => rate({ requestedAccessorials: ['TELEPORT'] }), RangeError)
      await assert.rejects(() => rate({ requestedAccessorials: ['LINEHAUL'] }), RangeError)
    })

    test('a farther shipment costs more', async ({ assert }) => {
      const near = byService(await rate())
      for (const quote of await rate({ distanceMiles: 566.8 })) {
        assert.isAbove(quote.totalCents, near[quote.serviceLevel].totalCents)
      }
    })

    test('refuses a shipment with no weight or distance', async ({ assert }) => {
      await assert.rejects(() => rate({ weightLbs: 0 }), RangeError)
      await assert.rejects(() => rate({ distanceMiles: -1 }), RangeError)
      await assert.rejects(() => rate({ now: 'yesterday' }), RangeError)
    })
  })
}
