/**
 * The shared contract suite every partner carrier driver passes (docs/plugins.md, "Partner
 * carriers"). It tests the contract only: no driver's formats (PRO numbers, codes, ids) and no
 * simulated clock. What the suite cannot do through the contract, the harness does for it.
 * Nothing here touches the network: a real partner's driver runs against a local stand-in.
 */
import { test } from '@japa/runner'
import type { BookedShipment, BookInput, MilestoneType, PartnerCarrierDriver } from '../types.js'

export type PartnerCarrierHarness = {
  /** the driver under test, talking to its partner (or a stand-in answering as the partner) */
  driver: PartnerCarrierDriver
  /** a quote id the partner (or its stand-in) answers `quote_expired` to */
  expiredQuoteId: string
  /** the same driver with a transport that cannot reach the partner (refused, timed out) */
  unavailable(): PartnerCarrierDriver
  /**
   * Has the partner pick a booked shipment up, and answers the `now` to pass to the driver
   * from then on. A driver that simulates its partner from `now` (demo, fake) answers a time
   * after its pickup; a real partner's harness tells its stand-in and answers the present.
   */
  pickUp(shipment: BookedShipment): Promise<Date>
}

const MILESTONE_TYPES: MilestoneType[] = [
  'PU',
  'LINEHAUL_DEPART',
  'IN_TRANSIT',
  'LINEHAUL_ARRIVE',
  'OFD',
  'DELIVERED',
  'EXCEPTION',
  'OTHER',
]

let counter = 0
const key = (label: string) => `${label}-${process.pid}-${Date.now()}-${++counter}`

/** Chicago to Detroit, four pallets, picked up on 2 March 2026. */
export const bookInput = (over: Partial<BookInput> = {}): BookInput => ({
  partnerQuoteId: 'dpq_contract_1',
  idempotencyKey: key('book'),
  shipperReference: 'TRT-042',
  origin: { postal: '60601', city: 'Chicago', state: 'IL', lat: 41.8858, lng: -87.6181 },
  destination: { postal: '48201', city: 'Detroit', state: 'MI', lat: 42.3478, lng: -83.0603 },
  pallets: 4,
  weightLbs: 4000,
  mode: 'LTL',
  pickupDate: '2026-03-02',
  ...over,
})

const DAY = 86_400_000
/** A day before the shipment's pickup window: a simulating driver has not picked it up. */
const before = (shipment: BookedShipment) => new Date(Date.parse(shipment.pickupWindowStart) - DAY)

async function booked(driver: PartnerCarrierDriver, over: Partial<BookInput> = {}) {
  const result = await driver.book(bookInput(over))
  if (!result.ok) throw new Error(`booking failed: ${result.code} ${result.message}`)
  return result as { ok: true } & BookedShipment
}

export function partnerCarrierContract(
  name: string,
  makeHarness: () => Promise<PartnerCarrierHarness>
) {
  test.group(`Partner carriers contract: ${name}`, (group) => {
    let h: PartnerCarrierHarness
    group.each.setup(async () => {
      h = await makeHarness()
    })

    test('books a shipment with a PRO number, a pickup window and a tracking link', async ({
      assert,
    }) => {
      const result = await booked(h.driver)
      assert.isAbove(result.partnerShipmentId.length, 0)
      assert.isAbove(result.proNumber.trim().length, 0)
      assert.match(new URL(result.trackingUrl).protocol, /^https?:$/)
      assert.isAbove(result.confirmationNumber.length, 0)
      const start = Date.parse(result.pickupWindowStart)
      const end = Date.parse(result.pickupWindowEnd)
      assert.isBelow(start, end)
      assert.isBelow(Math.abs(start - Date.parse('2026-03-02T12:00:00Z')), DAY)
      assert.isObject(result.raw)
    })

    test('the same idempotency key books once; another key books another shipment', async ({
      assert,
    }) => {
      const input = bookInput()
      const first = await h.driver.book(input)
      const again = await h.driver.book({ ...input })
      assert.isTrue(first.ok && again.ok)
      if (!first.ok || !again.ok) return
      assert.equal(again.partnerShipmentId, first.partnerShipmentId)
      assert.equal(again.proNumber, first.proNumber)
      const other = await booked(h.driver)
      assert.notEqual(other.partnerShipmentId, first.partnerShipmentId)
      assert.notEqual(other.proNumber, first.proNumber)
    })

    test('a key reused with other shipment facts is refused', async ({ assert }) => {
      const input = bookInput()
      await booked(h.driver, input)
      const conflict = await h.driver.book({ ...input, pallets: 9 })
      assert.deepInclude(conflict, { ok: false, code: 'invalid_request', retryable: false })
    })

    test('refuses facts no partner accepts', async ({ assert }) => {
      const stop = bookInput().origin
      for (const over of [
        { pallets: 0 },
        { pallets: 2.5 },
        { weightLbs: -1 },
        { pickupDate: 'tomorrow' },
        { partnerQuoteId: '' },
        { origin: { ...stop, postal: 'abc' } },
        { destination: { ...stop, state: 'ZZ' } },
        { idempotencyKey: '' },
      ]) {
        const result = await h.driver.book(bookInput(over))
        assert.deepInclude(result, { ok: false, code: 'invalid_request', retryable: false })
      }
    })

    test('an expired quote is quote_expired', async ({ assert }) => {
      const result = await h.driver.book(bookInput({ partnerQuoteId: h.expiredQuoteId }))
      assert.deepInclude(result, { ok: false, code: 'quote_expired', retryable: false })
    })

    test('an unknown shipment is not_found for every call', async ({ assert }) => {
      const missing = 'shipment_that_does_not_exist'
      const failed = { ok: false, code: 'not_found', retryable: false }
      const now = new Date()
      assert.deepInclude(await h.driver.cancel(missing, key('cancel'), now), failed)
      assert.deepInclude(await h.driver.fetchBol(missing), failed)
      assert.deepInclude(await h.driver.track(missing, now), failed)
    })

    test('the BOL is pending a while, then a PDF', async ({ assert }) => {
      const shipment = await booked(h.driver)
      let document = await h.driver.fetchBol(shipment.partnerShipmentId)
      for (let polls = 1; polls < 5 && document.ok && document.status === 'pending'; polls++) {
        assert.isAbove(document.retryAfterSeconds, 0)
        document = await h.driver.fetchBol(shipment.partnerShipmentId)
      }
      assert.isTrue(document.ok)
      if (!document.ok || document.status !== 'ready') return assert.fail('BOL never ready')
      assert.isAbove(document.bolNumber.length, 0)
      assert.instanceOf(document.pdf, Uint8Array)
      assert.equal(Buffer.from(document.pdf.subarray(0, 5)).toString('latin1'), '%PDF-')
      const again = await h.driver.fetchBol(shipment.partnerShipmentId)
      assert.deepInclude(again, { ok: true, status: 'ready', bolNumber: document.bolNumber })
    })

    test('tracking: nothing before pickup, then a pickup among ordered, stable events', async ({
      assert,
    }) => {
      const shipment = await booked(h.driver)
      assert.deepEqual(await h.driver.track(shipment.partnerShipmentId, before(shipment)), {
        ok: true,
        events: [],
      })
      const now = await h.pickUp(shipment)
      const later = await h.driver.track(shipment.partnerShipmentId, now)
      if (!later.ok) return assert.fail(later.message)
      assert.isAbove(later.events.length, 0)
      const times = later.events.map((e) => Date.parse(e.eventTime))
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b)
      )
      assert.isTrue(times.every((t) => t <= now.getTime()))
      const ids = later.events.map((e) => e.eventId)
      assert.equal(new Set(ids).size, ids.length)
      assert.isTrue(later.events.every((e) => e.code.length > 0 && e.description.length > 0))
      assert.isTrue(later.events.every((e) => MILESTONE_TYPES.includes(e.type)))
      assert.include(
        later.events.map((e) => e.type),
        'PU'
      )
      assert.deepEqual(await h.driver.track(shipment.partnerShipmentId, now), later)
    })

    test('cancels before pickup, idempotently; not after pickup', async ({ assert }) => {
      const shipment = await booked(h.driver)
      const cancelKey = key('cancel')
      const early = before(shipment)
      const cancelled = await h.driver.cancel(shipment.partnerShipmentId, cancelKey, early)
      assert.deepInclude(cancelled, { ok: true, partnerShipmentId: shipment.partnerShipmentId })
      const again = await h.driver.cancel(shipment.partnerShipmentId, cancelKey, early)
      assert.deepEqual(again, cancelled)

      const picked = await booked(h.driver)
      const now = await h.pickUp(picked)
      const late = await h.driver.cancel(picked.partnerShipmentId, key('cancel'), now)
      assert.deepInclude(late, { ok: false, code: 'invalid_request', retryable: false })
    })

    test('a partner that cannot be reached is unavailable and retryable, never a throw', async ({
      assert,
    }) => {
      const down = h.unavailable()
      const failed = { ok: false, code: 'unavailable', retryable: true }
      assert.deepInclude(await down.book(bookInput()), failed)
      assert.deepInclude(await down.cancel('any', key('cancel'), new Date()), failed)
      assert.deepInclude(await down.fetchBol('any'), failed)
      assert.deepInclude(await down.track('any', new Date()), failed)
    })
  })
}
