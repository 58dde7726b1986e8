import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import TokenService from '#accounts/services/token_service'
import IdentityRevealService from '#payments/services/identity_reveal_service'
import PayoutService from '#payments/services/payout_service'
import { bookingReference } from '#core/reference'
import { baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import {
  deliveredBooking,
  fixClock,
  onboardedOnlyInOurRecords,
  restoreClock,
  transfersOf,
} from '#payments/tests/payout_fixtures'
import { runPalletline } from '../../../../cli/tests/helpers/spawn.js'

/**
 * The operator CLI's reveal log and payout replay, spawned as an operator runs them, against
 * this suite's real server (the fake-API tests in cli/tests cover each option's wiring).
 */
async function operator() {
  const admin = await makeUser('admin')
  const { token } = await new TokenService().create(admin.id, 'cli test', 1)
  return {
    admin,
    cli: (...args: string[]) =>
      runPalletline(args, { PALLETLINE_URL: baseUrl(), PALLETLINE_TOKEN: token }),
  }
}

const json = (stdout: string) => JSON.parse(stdout)

test.group('palletline reveals against a real server', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    return () => restoreClock()
  })
  group.each.timeout(60_000)

  test('lists the log by booking as JSON, by business days as a table, all of it as CSV; verify finds a tampered row', async ({
    assert,
  }) => {
    const { admin, cli } = await operator()
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(carrier)
    const first = await makeBooking(shipper, listing)
    const second = await makeBooking(shipper, listing)
    const clock = fixClock(DateTime.fromISO('2026-06-02T15:00:00Z'))
    const reveals = await app.container.make(IdentityRevealService)
    await reveals.log({ id: shipper.id, role: 'shipper' }, [first.id, second.id])
    clock.advance({ days: 1 })
    await reveals.log({ id: admin.id, role: 'admin' }, [first.id])

    const ref = bookingReference(first.id)
    const listed = await cli('reveals', 'list', '--booking', ref, '--json')
    assert.equal(listed.code, 0, listed.stderr)
    const rows = json(listed.stdout).data as { bookingId: number; viewerRole: string }[]
    assert.sameMembers(
      rows.map((row) => `${row.bookingId}:${row.viewerRole}`),
      [`${first.id}:shipper`, `${first.id}:admin`]
    )

    const days = await cli('reveals', 'list', '--from', '2026-06-03', '--to', '2026-06-03')
    assert.equal(days.code, 0, days.stderr)
    assert.include(days.stdout, ref)
    assert.notInclude(days.stdout, bookingReference(second.id))

    const csv = await cli('reveals', 'list', '--csv', '--all')
    assert.equal(csv.code, 0, csv.stderr)
    const lines = csv.stdout.trim().split('\n')
    assert.lengthOf(lines, 4, csv.stdout)
    assert.match(lines[0], /booking/i)

    const intact = await cli('reveals', 'verify')
    assert.equal(intact.code, 0, intact.stderr)
    assert.include(intact.stdout, 'intact: 3 rows')

    const tampered = await db.from('identity_reveal_log').orderBy('id').select('id').offset(1)
    await db
      .from('identity_reveal_log')
      .where('id', tampered[0].id)
      .update({ viewer_role: 'admin' })
    const broken = await cli('reveals', 'verify')
    assert.equal(broken.code, 1)
    assert.include(broken.stderr, `broken at row ${tampered[0].id}`)
  })
})

test.group('palletline payouts against a real server', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    return () => restoreClock()
  })
  group.each.timeout(90_000)

  test('lists the failed payout, replays it once when the account is fixed, then finds none', async ({
    assert,
  }) => {
    const { cli } = await operator()
    const clock = fixClock(DateTime.fromISO('2026-06-01T15:30:00Z'))
    const { booking, carrier } = await deliveredBooking({ onboarded: false })
    await onboardedOnlyInOurRecords(carrier.carrier.id)
    clock.advance({ hours: 48 })
    const summary = await (await app.container.make(PayoutService)).run()
    assert.deepEqual(summary.failed, [booking.id])

    const failed = await cli('payouts', 'list', '--state', 'failed', '--json')
    assert.equal(failed.code, 0, failed.stderr)
    assert.deepEqual(
      (json(failed.stdout).data as { bookingId: number }[]).map((row) => row.bookingId),
      [booking.id]
    )
    // The operator fixes the account at the provider, then replays that payout.
    await db
      .from('sandbox_accounts')
      .where('id', carrier.accountId!)
      .update({ onboarding_complete: true, payouts_enabled: true })
    const replay = await cli('payouts', 'replay', bookingReference(booking.id), '--yes', '--json')
    assert.equal(replay.code, 0, replay.stderr)
    const outcome = json(replay.stdout)
    assert.containsSubset(outcome, { paid: 1, failed: 0, held: 0, refused: 0 })
    assert.equal(outcome.replayed[0].outcome, 'paid')
    const row = await db.from('bookings').where('id', booking.id).first()
    assert.equal(row.payout_status, 'paid')
    assert.lengthOf(await transfersOf(booking.id), 1)

    const again = await cli('payouts', 'replay', '--all-failed', '--yes')
    assert.equal(again.code, 0, again.stderr)
    assert.include(again.stdout, 'No failed payouts to replay.')
    assert.lengthOf(await transfersOf(booking.id), 1)
  })
})
