import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { completedBooking, summaries } from '#reviews/tests/world'
import { makeMember } from '#accounts/tests/companies'
import PlatformFiguresService, {
  figuresCacheMs,
  MIN_JUDGED_FOR_RATE,
} from '#reviews/services/platform_figures_service'

const due = DateTime.fromISO('2030-03-04')
// A New York wall-clock moment, in the process's zone (as Lucid writes timestamps on SQLite).
const at = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' }).toLocal()

test.group('Public platform figures (decision 0190)', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => PlatformFiguresService.configureCache(figuresCacheMs()))

  test('a platform with nothing yet says zero and no on-time rate, to a visitor', async ({
    client,
    assert,
  }) => {
    await makeUser('carrier', { isApproved: false, approvalStatus: 'pending' })
    const res = await client.get('/api/platform/figures')
    res.assertStatus(200)
    assert.deepEqual(res.body(), {
      approvedCarriers: 0,
      deliveredShipments: 0,
      onTimeRate: null,
      judgedDeliveries: 0,
    })
  })

  test('counts approved carriers and delivered bookings, and the on-time rate once enough deliveries are judged', async ({
    client,
    assert,
  }) => {
    const first = await completedBooking({
      deliveryDate: due,
      deliveredAt: at('2030-03-04T10:00:00'),
    })
    const parties = { shipper: first.shipper, carrierUser: first.carrierUser }
    // 12 judged deliveries of which 9 on the day; one delivered without a promised day.
    for (let i = 1; i < 12; i++) {
      const late = i >= 9
      await completedBooking(
        {
          deliveryDate: due,
          deliveredAt: at(late ? '2030-03-05T10:00:00' : '2030-03-04T10:00:00'),
        },
        parties
      )
    }
    await completedBooking({ deliveryDate: null, deliveredAt: at('2030-03-01T10:00:00') }, parties)
    await completedBooking({ status: 'in_transit', deliveredAt: null, completedAt: null }, parties)
    await makeUser('carrier', { isApproved: false, approvalStatus: 'pending' })
    await (await summaries()).rewriteDeliveries(first.carrierId)

    const res = await client.get('/api/platform/figures')
    res.assertStatus(200)
    assert.deepEqual(res.body(), {
      approvedCarriers: 1,
      deliveredShipments: 13,
      onTimeRate: 0.75,
      judgedDeliveries: 12,
    })
    // No names, emails or ids of anyone.
    assert.notInclude(res.text(), first.carrierUser.email)
    assert.notInclude(res.text(), first.shipper.email)
  })

  test(`below ${MIN_JUDGED_FOR_RATE} judged deliveries there is no on-time rate`, async ({
    client,
    assert,
  }) => {
    const first = await completedBooking({
      deliveryDate: due,
      deliveredAt: at('2030-03-04T10:00:00'),
    })
    await (await summaries()).rewriteDeliveries(first.carrierId)
    const res = await client.get('/api/platform/figures')
    assert.deepInclude(res.body(), { deliveredShipments: 1, judgedDeliveries: 1, onTimeRate: null })
  })

  test('counts carrier companies, not their members’ logins (a dispatcher or driver is no carrier)', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true, approvalStatus: 'approved' })
    await makeMember(owner, 'dispatcher')
    await makeMember(owner, 'driver')
    await makeUser('carrier', { isApproved: true, approvalStatus: 'approved' })
    const shipper = await makeUser('shipper')
    await makeMember(shipper, 'planner')

    const res = await client.get('/api/platform/figures')
    res.assertStatus(200)
    assert.equal(res.body().approvedCarriers, 2)
  })

  test('answers from memory for a while when the cache is on', async ({ client, assert }) => {
    PlatformFiguresService.configureCache(60_000)
    const before = await client.get('/api/platform/figures')
    assert.equal(before.body().approvedCarriers, 0)
    await makeUser('carrier', { isApproved: true, approvalStatus: 'approved' })
    const cached = await client.get('/api/platform/figures')
    assert.equal(cached.body().approvedCarriers, 0)
    PlatformFiguresService.configureCache(0)
    const fresh = await client.get('/api/platform/figures')
    assert.equal(fresh.body().approvedCarriers, 1)
  })
})
