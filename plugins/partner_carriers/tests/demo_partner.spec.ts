import { inflateSync } from 'node:zlib'
import { test } from '@japa/runner'
import { PDFDocument } from 'pdf-lib'
import { etaHours } from '../../rate_quoting/drivers/lane_model_math.js'
import { createDemoPartner, DemoPartnerDriver } from '../drivers/demo_partner.js'
import { renderPdf } from '../drivers/demo_partner/bol_pdf.js'
import { bookRequest } from '../drivers/demo_partner/mapper.js'
import { isValidProNumber, proNumber } from '../drivers/demo_partner/pro_number.js'
import { isDelayed, OFFSET_HOURS, roadMiles } from '../drivers/demo_partner/schedule.js'
import { DemoPartnerServer } from '../drivers/demo_partner/server.js'
import { MemoryDemoPartnerState } from '../drivers/demo_partner/state.js'
import { bookInput, partnerCarrierContract } from './contract.js'

/** The strings a pdf-lib PDF draws, in order (its Flate content streams inflated, hex decoded). */
function pdfStrings(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1')
  const shown: string[] = []
  for (const [, stream] of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string
    try {
      content = inflateSync(Buffer.from(stream, 'latin1')).toString('latin1')
    } catch {
      continue
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      shown.push(Buffer.from(hex, 'hex').toString('latin1'))
    }
  }
  return shown
}

const instant = { latencyMs: [0, 0] as [number, number], failureRate: 0 }

partnerCarrierContract('demo_partner', async () => ({
  driver: createDemoPartner(instant).driver,
  expiredQuoteId: 'dpq_test_expired',
  unavailable: () => createDemoPartner({ ...instant, failureRate: 1 }).driver,
  // The demo (and the fake) simulate their partner from `now`: a week on, it is picked up.
  pickUp: async (shipment) => new Date(Date.parse(shipment.pickupWindowStart) + 7 * 86_400_000),
}))

const HOUR = 3_600_000
const at = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString()

test.group('Demo partner: numbers and windows', () => {
  test('PRO numbers: nine digits and a mod-7 check digit', ({ assert }) => {
    assert.equal(proNumber(123456789), '1234567891')
    assert.equal(proNumber(7), '0000000070')
    assert.isTrue(isValidProNumber('1234567891'))
    assert.isFalse(isValidProNumber('1234567892'))
    assert.isFalse(isValidProNumber('1243567891'))
    assert.isFalse(isValidProNumber('123456789'))
    assert.throws(() => proNumber(1_000_000_000))
  })

  test("a booked shipment carries a valid PRO number (the demo partner's format)", async ({
    assert,
  }) => {
    const booked = await createDemoPartner(instant).driver.book(bookInput())
    if (!booked.ok) return assert.fail(booked.message)
    assert.isTrue(isValidProNumber(booked.proNumber), booked.proNumber)
  })

  test('the pickup window is 09:00-17:00 where the freight is, daylight saving included', async ({
    assert,
  }) => {
    const { driver } = createDemoPartner(instant)
    const chicago = await driver.book(bookInput())
    assert.deepInclude(chicago, {
      pickupWindowStart: '2026-03-02T09:00:00-06:00',
      pickupWindowEnd: '2026-03-02T17:00:00-06:00',
    })
    const la = { postal: '90021', city: 'Los Angeles', state: 'CA', lat: 34.029, lng: -118.238 }
    const summer = await driver.book(bookInput({ origin: la, pickupDate: '2026-07-01' }))
    assert.deepInclude(summer, { pickupWindowStart: '2026-07-01T09:00:00-07:00' })
  })
})

test.group('Demo partner: the bill of lading', () => {
  test('is a PDF pdf-lib reads back: one Letter page, its title, the text drawn', async ({
    assert,
  }) => {
    const bytes = await renderPdf('Bill (of) lading', ['Ship to: Montréal \\ QC', 'Tokyo 東京'])
    const pdf = await PDFDocument.load(bytes)
    assert.equal(pdf.getPageCount(), 1)
    assert.deepEqual(pdf.getPage(0).getSize(), { width: 612, height: 792 })
    assert.equal(pdf.getTitle(), 'Bill (of) lading')
    assert.deepEqual(pdfStrings(bytes), ['Bill (of) lading', 'Ship to: Montréal \\ QC', 'Tokyo ??'])
  })

  test('names the shipment it covers', async ({ assert }) => {
    const { driver } = createDemoPartner({ ...instant, bolPendingFetches: 0 })
    const booked = await driver.book(bookInput())
    if (!booked.ok) return assert.fail(booked.message)
    const bol = await driver.fetchBol(booked.partnerShipmentId)
    if (!bol.ok || bol.status !== 'ready') return assert.fail('BOL not ready')
    assert.equal(bol.bolNumber, `DPB${booked.proNumber}`)
    const text = pdfStrings(bol.pdf)
    for (const line of [
      `PRO number: ${booked.proNumber}`,
      'Shipper reference: TRT-042',
      'Ship from: Chicago, IL 60601',
      'Ship to: Detroit, MI 48201',
      'Handling units: 4 pallet(s), 4000 lb',
    ]) {
      assert.include(text, line)
    }
  })
})

test.group('Demo partner: tracking timeline', () => {
  test('milestones at the documented offsets, from the clock passed in', async ({ assert }) => {
    const { driver } = createDemoPartner(instant)
    let booked = await driver.book(bookInput())
    // Ids follow from the idempotency key; take one the weather leaves alone.
    for (let n = 0; booked.ok && isDelayed(booked.partnerShipmentId); n++) {
      booked = await driver.book(bookInput({ idempotencyKey: `timeline-${n}` }))
    }
    if (!booked.ok) return assert.fail(booked.message)
    const input = bookInput()
    const lineHaul = etaHours(roadMiles(input.origin, input.destination), 'LTL')
    const pickedUp = at(booked.pickupWindowStart, OFFSET_HOURS.pickup)
    const departed = at(pickedUp, OFFSET_HOURS.depart)
    const arrived = at(departed, lineHaul)
    const outForDelivery = at(arrived, OFFSET_HOURS.outForDelivery)
    const delivered = at(outForDelivery, OFFSET_HOURS.delivered)

    const all = await driver.track(booked.partnerShipmentId, new Date('2026-04-01T00:00:00Z'))
    if (!all.ok) return assert.fail(all.message)
    assert.deepEqual(
      all.events.map((e) => [e.code, e.eventTime, e.city]),
      [
        ['PUP', pickedUp, 'Chicago'],
        ['DEP', departed, 'Chicago'],
        ['ARR', arrived, 'Detroit'],
        ['OFD', outForDelivery, 'Detroit'],
        ['DEL', delivered, 'Detroit'],
      ]
    )
    assert.deepEqual(all.events[0], {
      eventId: `${booked.partnerShipmentId}-PUP`,
      code: 'PUP',
      type: 'PU',
      description: 'Picked up',
      eventTime: pickedUp,
      lat: 41.8858,
      lng: -87.6181,
      city: 'Chicago',
      state: 'IL',
    })
    const soon = await driver.track(booked.partnerShipmentId, new Date(Date.parse(pickedUp) + 1))
    assert.deepEqual(soon.ok && soon.events.map((e) => e.code), ['PUP'])
  })

  test('one shipment in ten meets weather: DLY halfway, six hours late', async ({ assert }) => {
    const { driver } = createDemoPartner(instant)
    let delayed = null
    for (let n = 0; n < 200 && !delayed; n++) {
      const booked = await driver.book(bookInput({ idempotencyKey: `weather-${n}` }))
      if (booked.ok && isDelayed(booked.partnerShipmentId)) delayed = booked
    }
    if (!delayed) return assert.fail('no delayed shipment in 200')
    const result = await driver.track(delayed.partnerShipmentId, new Date('2026-04-01T00:00:00Z'))
    if (!result.ok) return assert.fail(result.message)
    assert.deepEqual(
      result.events.map((e) => e.code),
      ['PUP', 'DEP', 'DLY', 'ARR', 'OFD', 'DEL']
    )
    const input = bookInput()
    const lineHaul = etaHours(roadMiles(input.origin, input.destination), 'LTL')
    const [, departed, weather, arrived] = result.events.map((e) => Date.parse(e.eventTime))
    assert.closeTo(weather - departed, (lineHaul / 2) * HOUR, 1)
    assert.closeTo(arrived - departed, (lineHaul + OFFSET_HOURS.delay) * HOUR, 1)
    assert.isUndefined(result.events[2].city)
  })

  test('a cancelled shipment reports its cancellation and has no BOL', async ({ assert }) => {
    const { driver } = createDemoPartner(instant)
    const booked = await driver.book(bookInput())
    if (!booked.ok) return assert.fail(booked.message)
    const cancelledAt = new Date('2026-03-01T18:30:00Z')
    await driver.cancel(booked.partnerShipmentId, 'cancel-1', cancelledAt)
    const tracking = await driver.track(booked.partnerShipmentId, new Date('2026-04-01T00:00:00Z'))
    assert.deepEqual(tracking.ok && tracking.events.map((e) => [e.code, e.eventTime]), [
      ['CAN', '2026-03-01T18:30:00.000Z'],
    ])
    assert.deepInclude(await driver.fetchBol(booked.partnerShipmentId), {
      ok: false,
      code: 'invalid_request',
    })
  })
})

test.group('Demo partner: a partner that misbehaves', () => {
  test('failures come from the seed: the same seed fails the same calls', async ({ assert }) => {
    const run = async () => {
      const { driver } = createDemoPartner({ latencyMs: [0, 0], failureRate: 0.3, seed: 11 })
      const outcomes: string[] = []
      for (let n = 0; n < 30; n++) {
        const result = await driver.book(bookInput({ idempotencyKey: `seeded-${n}` }))
        outcomes.push(result.ok ? 'ok' : result.code)
      }
      return outcomes
    }
    const first = await run()
    assert.deepEqual(await run(), first)
    assert.includeMembers(first, ['ok', 'unavailable'])
    assert.sameMembers([...new Set(first)], ['ok', 'unavailable'])
  })

  test('an answer lost after booking: the retry with the same key gets that shipment', async ({
    assert,
  }) => {
    const seen = { before: 0, after: 0 }
    for (let seed = 1; seed <= 20; seed++) {
      const server = new DemoPartnerServer({ latencyMs: [0, 0], failureRate: 1, seed })
      const response = await server.handle(bookRequest(bookInput({ idempotencyKey: 'lost' })))
      if (response.status === 503) seen.before += 1
      if (response.status === 504) seen.after += 1
      // 503: nothing was done; 504: the booking was made and only the answer lost.
      assert.equal(server.shipmentCount, response.status === 504 ? 1 : 0)
    }
    assert.isAbove(seen.before, 0)
    assert.isAbove(seen.after, 0)

    // Retry each booking with its key until it goes through, as the app's booking job does.
    for (let seed = 1; seed <= 10; seed++) {
      const server = new DemoPartnerServer({ latencyMs: [0, 0], failureRate: 0.5, seed })
      const driver = new DemoPartnerDriver((request) => server.handle(request))
      const input = bookInput()
      const attempts = [await driver.book(input)]
      while (!attempts.at(-1)!.ok && attempts.length < 20) attempts.push(await driver.book(input))
      assert.isTrue(attempts.at(-1)!.ok)
      assert.equal(server.shipmentCount, 1)
    }
  })

  test('latency as configured; a partner that hangs or throws is unavailable', async ({
    assert,
  }) => {
    const { driver } = createDemoPartner({ latencyMs: [30, 30], failureRate: 0 })
    const started = performance.now()
    await driver.fetchBol('dps_missing')
    assert.isAtLeast(performance.now() - started, 25)

    const hanging = new DemoPartnerDriver(() => new Promise(() => {}), 20)
    assert.deepInclude(await hanging.book(bookInput()), {
      ok: false,
      code: 'unavailable',
      retryable: true,
      message: 'The partner did not answer within 20 ms',
    })
    const refused = new DemoPartnerDriver(async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:443')
    })
    assert.deepInclude(await refused.track('dps_1', new Date()), {
      ok: false,
      code: 'unavailable',
      message: 'The partner could not be reached: connect ECONNREFUSED 127.0.0.1:443',
    })
  })
})

test.group('Demo partner: one partner for every instance', () => {
  /** Two instances of the app, each with its own simulator over one shared state. */
  const twoInstances = (state = new MemoryDemoPartnerState()) => {
    const [a, b] = [
      new DemoPartnerServer({ ...instant, state }),
      new DemoPartnerServer({ ...instant, state }),
    ]
    return {
      state,
      a: new DemoPartnerDriver((request) => a.handle(request)),
      b: new DemoPartnerDriver((request) => b.handle(request)),
    }
  }

  test('a shipment booked through one is tracked, billed and cancelled through the other', async ({
    assert,
  }) => {
    const { a, b } = twoInstances()
    const booked = await a.book(bookInput())
    if (!booked.ok) return assert.fail(booked.message)

    const pending = await b.fetchBol(booked.partnerShipmentId)
    assert.deepInclude(pending, { ok: true, status: 'pending' })
    // The fetch count is the partner's, not the instance's: the second fetch, anywhere, is ready.
    const ready = await a.fetchBol(booked.partnerShipmentId)
    assert.deepInclude(ready, { ok: true, status: 'ready', bolNumber: `DPB${booked.proNumber}` })

    const tracked = await b.track(booked.partnerShipmentId, new Date('2026-04-01T00:00:00Z'))
    assert.isTrue(tracked.ok && tracked.events.length >= 5)

    const before = new Date(Date.parse(booked.pickupWindowStart) - HOUR)
    const cancelled = await b.cancel(booked.partnerShipmentId, 'cancel-1', before)
    assert.isTrue(cancelled.ok)
    const after = await a.track(booked.partnerShipmentId, new Date('2026-04-01T00:00:00Z'))
    assert.equal(after.ok && after.events.at(-1)!.code, 'CAN')
  })

  test('the same key booked through both at once makes one shipment, one answer', async ({
    assert,
  }) => {
    const { a, b, state } = twoInstances()
    const input = bookInput({ idempotencyKey: 'both-at-once' })
    const [first, second] = await Promise.all([a.book(input), b.book(input)])
    assert.isTrue(first.ok && second.ok)
    assert.deepEqual(first, second)
    assert.equal(state.count('shipment:'), 1)
    // Another key gets another PRO number, whichever instance takes it.
    const other = await b.book(bookInput({ idempotencyKey: 'another' }))
    assert.isTrue(other.ok && first.ok && other.proNumber !== first.proNumber)
  })
})
