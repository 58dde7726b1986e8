import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { readFileSync } from 'node:fs'
import Booking from '#marketplace/models/booking'
import { priceShipment } from '#marketplace/services/pricing'
import AuditService from '#payments/services/audit_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import { splitPayout, toCents } from '#core/money'
import { Browserless, baseUrl, resetDatabase } from '#tests/helpers'

test.group('The demo data', (group) => {
  group.setup(async () => {
    await resetDatabase()
    const ace = await app.container.make('ace')
    const seed = await ace.exec('db:seed', ['--files', 'database/seeders/demo_seeder.ts'])
    if (seed.exitCode) throw seed.error ?? new Error('demo seed failed')
  })
  group.teardown(() => resetDatabase())
  group.each.timeout(60_000)

  test('reconciles to the cent and its audit chains hold', async ({ assert }) => {
    const report = await new ReconciliationService().reconcile()
    assert.isAbove(report.bookings, 20)
    assert.deepEqual(report.problems, [])
    assert.isAbove(report.totals.chargedCents, 0)
    for (const chain of await new AuditService().verifyAll()) {
      assert.isTrue(chain.ok, `${chain.chain} chain broken`)
    }
  })

  test('every booking costs what the server would charge, and released payouts add up', async ({
    assert,
  }) => {
    const bookings = await Booking.all()
    for (const booking of bookings) {
      const { totalCents } = priceShipment({
        pallets: booking.numberOfPallets,
        distanceMiles: Number(booking.distance),
        rateCents: toCents(booking.ratePerMilePerPallet!),
      })
      assert.equal(toCents(booking.totalAmount!), totalCents, `booking ${booking.id}`)
      const { payoutCents, platformCents } = splitPayout(totalCents)
      assert.equal(payoutCents + platformCents, totalCents)
    }
    const statuses = new Set(bookings.map((b) => b.status))
    for (const status of ['pending', 'booked', 'in_transit', 'delivered', 'cancelled']) {
      assert.isTrue(statuses.has(status as never), `no ${status} booking in the demo`)
    }
  })

  test('every demo login printed by npm start signs in', async ({ assert }) => {
    const accounts = JSON.parse(readFileSync(app.makePath('database/demo_accounts.json'), 'utf8'))
    assert.isAbove(accounts.length, 3)
    for (const account of accounts as { email: string; password: string }[]) {
      const browser = new Browserless(baseUrl())
      const res = await browser.request('POST', '/api/login', {
        username: account.email,
        password: account.password,
      })
      assert.equal(res.status, 200, account.email)
    }
  })
})
