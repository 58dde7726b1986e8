import { test } from '@japa/runner'
import { etaHours } from '../../rate_quoting/drivers/lane_model_math.js'
import { FakeFeedGenerator } from '../drivers/fake.js'
import { hosProgress, interpolate, restBreaks } from '../drivers/route.js'
import { SimulatorFeedDriver } from '../drivers/simulator.js'
import { normaliseEvent } from '../normaliser.js'
import { CHICAGO_TO_ATLANTA, generatorContract } from './contract.js'

generatorContract('simulator', async () => new SimulatorFeedDriver())
generatorContract('fake', async () => new FakeFeedGenerator())

const HOUR = 3_600_000
const pickup = Date.parse(CHICAGO_TO_ATLANTA.pickupAt)
const hoursAfterPickup = (iso: string) => (Date.parse(iso) - pickup) / HOUR
const later = new Date(pickup + 30 * 24 * HOUR)

test.group('Route maths', () => {
  test('great-circle interpolation: the ends, and the middle of a quarter of the equator', ({
    assert,
  }) => {
    const a = { lat: 0, lng: 0 }
    const b = { lat: 0, lng: 90 }
    assert.deepEqual(interpolate(a, b, 0), a)
    assert.deepEqual(interpolate(a, b, 1), b)
    assert.deepEqual(interpolate(a, b, 0.5), { lat: 0, lng: 45 })
    // Along a meridian from the equator to the pole, a third of the way is 30 degrees north.
    assert.deepEqual(interpolate(a, { lat: 90, lng: 0 }, 1 / 3), { lat: 30, lng: 0 })
    assert.deepEqual(interpolate(a, a, 0.5), a)
  })

  test('hours of service: 11 hours on, 10 off; teams never stop', ({ assert }) => {
    assert.equal(restBreaks(10, false), 0)
    assert.equal(restBreaks(14.3, false), 1)
    assert.equal(restBreaks(33, false), 2)
    assert.equal(restBreaks(40, true), 0)
    assert.deepEqual(hosProgress(5, 30, false), { driven: 5, resting: false })
    assert.deepEqual(hosProgress(15, 30, false), { driven: 11, resting: true })
    assert.deepEqual(hosProgress(23, 30, false), { driven: 13, resting: false })
    assert.deepEqual(hosProgress(45, 30, false), { driven: 25, resting: false })
    assert.deepEqual(hosProgress(60, 30, false), { driven: 30, resting: false })
    assert.deepEqual(hosProgress(15, 30, true), { driven: 15, resting: false })
  })
})

test.group('Simulator', () => {
  test('the milestone sequence with positions in between, delivered at the ETA', async ({
    assert,
  }) => {
    const result = await new SimulatorFeedDriver().generate(CHICAGO_TO_ATLANTA, later)
    if (!result.ok) return assert.fail(result.message)
    const types = result.events.map((e) => e.type)
    const transit = types.filter((t) => t === 'IN_TRANSIT').length
    assert.deepEqual(types, [
      'PU',
      'LINEHAUL_DEPART',
      ...Array(transit).fill('IN_TRANSIT'),
      'LINEHAUL_ARRIVE',
      'OFD',
      'DELIVERED',
    ])
    // 716 miles at 50 mph is 14.32 h of driving: one 10-hour break, 24.32 h on the road.
    assert.equal(transit, 12)
    const delivered = result.events.at(-1)!
    assert.closeTo(hoursAfterPickup(delivered.eventTime), 0.5 + 24.32 + 1.5, 1e-6)
    assert.equal(result.eta, delivered.eventTime)
    assert.closeTo(hoursAfterPickup(result.eta!), etaHours(716, 'TL') + 2, 0.05)
    assert.deepEqual(result.events[0], {
      id: 'sim:42:PICKED_UP',
      type: 'PU',
      code: 'PICKED_UP',
      codeSet: 'simulator',
      description: 'Picked up',
      eventTime: '2026-03-02T15:00:00.000Z',
      location: { lat: 41.8858, lng: -87.6181, city: 'Chicago', state: 'IL' },
      raw: { code: 'PICKED_UP', time: '2026-03-02T15:00:00.000Z', lat: 41.8858, lng: -87.6181 },
    })
    assert.deepInclude(result.events.at(-3)!, { description: 'Arrived at the consignee' })
  })

  test('positions lie between origin and destination, moving on except at the break', async ({
    assert,
  }) => {
    const result = await new SimulatorFeedDriver().generate(CHICAGO_TO_ATLANTA, later)
    if (!result.ok) return assert.fail(result.message)
    const positions = result.events.filter((e) => e.type === 'IN_TRANSIT')
    const { origin, destination } = CHICAGO_TO_ATLANTA
    let previous = { lat: origin.lat, driven: 0 }
    for (const event of positions) {
      const { lat, lng } = event.location!
      assert.isTrue(lat < origin.lat && lat > destination.lat, `${lat}`)
      assert.isTrue(lng > origin.lng && lng < destination.lng, `${lng}`)
      const raw = event.raw as { milesDriven: number; milesToGo: number; resting: boolean }
      assert.closeTo(raw.milesDriven + raw.milesToGo, 716, 0.11)
      assert.isAtLeast(raw.milesDriven, previous.driven)
      assert.isAtMost(lat, previous.lat)
      if (raw.resting) {
        assert.equal(event.description, 'Stopped for the 10-hour break (hours of service)')
      }
      previous = { lat, driven: raw.milesDriven }
    }
    const resting = positions.filter((e) => (e.raw as { resting: boolean }).resting)
    assert.lengthOf(resting, 5)
    assert.isTrue(resting.every((e) => e.location!.lat === resting[0].location!.lat))
    assert.deepEqual(
      positions.map((e) => e.id),
      positions.map((_, i) => `sim:42:POSITION:${i + 1}`)
    )
  })

  test('LTL waits a terminal day and delivers exactly at etaHours; expedited never rests', async ({
    assert,
  }) => {
    const driver = new SimulatorFeedDriver({ positionEveryHours: 1 })
    const ltl = await driver.generate({ ...CHICAGO_TO_ATLANTA, mode: 'LTL' }, later)
    if (!ltl.ok) return assert.fail(ltl.message)
    const at = (type: string) =>
      hoursAfterPickup(ltl.events.find((e) => e.type === type)!.eventTime)
    assert.equal(at('LINEHAUL_DEPART'), 12)
    assert.closeTo(at('DELIVERED') - at('LINEHAUL_ARRIVE'), 12, 1e-6)
    assert.closeTo(at('OFD') - at('LINEHAUL_ARRIVE'), 10, 1e-6)
    assert.closeTo(at('DELIVERED'), etaHours(716, 'LTL'), 0.05)

    const exp = await driver.generate({ ...CHICAGO_TO_ATLANTA, mode: 'EXP' }, later)
    if (!exp.ok) return assert.fail(exp.message)
    assert.isFalse(exp.events.some((e) => (e.raw as { resting?: boolean }).resting))
    const arrived = exp.events.find((e) => e.type === 'LINEHAUL_ARRIVE')!
    assert.closeTo(hoursAfterPickup(arrived.eventTime), 0.5 + 716 / 55, 1e-6)
  })

  test('as the clock moves: picked up, then on the road, each event once', async ({ assert }) => {
    const driver = new SimulatorFeedDriver()
    const atPickup = await driver.generate(CHICAGO_TO_ATLANTA, new Date(pickup))
    assert.deepEqual(atPickup.ok && atPickup.events.map((e) => e.id), ['sim:42:PICKED_UP'])
    const midway = await driver.generate(CHICAGO_TO_ATLANTA, new Date(pickup + 5 * HOUR))
    assert.deepEqual(midway.ok && midway.events.map((e) => e.id), [
      'sim:42:PICKED_UP',
      'sim:42:DEPARTED',
      'sim:42:POSITION:1',
      'sim:42:POSITION:2',
    ])
    assert.equal(midway.ok && midway.eta, atPickup.ok && atPickup.eta)
  })

  test('refuses a position interval that is not positive', ({ assert }) => {
    assert.throws(() => new SimulatorFeedDriver({ positionEveryHours: 0 }), /above 0/)
  })
})

test.group('FakeFeedGenerator', () => {
  test('scripted events and planned failures', async ({ assert }) => {
    const fake = new FakeFeedGenerator()
    const event = normaliseEvent({
      source: 'fake',
      sourceId: 'x1',
      codeSet: 'edi214',
      code: 'SD',
      time: '2026-03-03T00:00:00Z',
      raw: {},
    })
    fake.script('42', [event], '2026-03-05T00:00:00.000Z')
    fake.failNext()
    assert.deepInclude(await fake.generate(CHICAGO_TO_ATLANTA, later), {
      ok: false,
      reason: 'unavailable',
    })
    assert.deepEqual(await fake.generate(CHICAGO_TO_ATLANTA, later), {
      ok: true,
      events: [event],
      eta: '2026-03-05T00:00:00.000Z',
    })
    assert.lengthOf(fake.calls, 2)
    assert.deepInclude(event, { type: 'EXCEPTION', description: 'Shipment Delayed' })
  })
})
