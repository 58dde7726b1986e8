import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import TokenService from '#accounts/services/token_service'
import { baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { sandboxCensusDirectory } from '#config/carrier_vetting'
import { runPalletline } from '../../../../cli/tests/helpers/spawn.js'

/** The operator CLI's `seed`, run as an operator would, against this suite's real server. */
test.group('palletline seed against a real server (sandbox payments)', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(90_000)

  test('registers, approves, lists, books, pays, delivers, posts and claims through the API', async ({
    assert,
  }) => {
    const admin = await makeUser('admin')
    const { token } = await new TokenService().create(admin.id, 'seed test', 1)
    const { code, stdout, stderr } = await runPalletline(
      ['seed', '--shippers', '1', '--carriers', '1', '--bookings', '1', '--loads', '1'],
      { PALLETLINE_URL: baseUrl(), PALLETLINE_TOKEN: token }
    )
    assert.equal(code, 0, `${stdout}\n${stderr}`)
    assert.match(stdout, /Bookings paid and delivered\s+1/)
    assert.match(stdout, /Loads claimed\s+1/)

    const carriers = await db.from('users').where('role', 'carrier').select('approval_status')
    assert.deepEqual(
      carriers.map((c) => c.approval_status),
      ['approved']
    )
    const bookings = await db
      .from('bookings')
      .orderBy('id')
      .select('id', 'status', 'payment_status', 'booking_type')
    assert.lengthOf(bookings, 2)
    assert.containsSubset(bookings[0], { status: 'delivered', payment_status: 'paid' })
    // Delivered with the carrier's proof of delivery on file (docs/decisions/0166).
    const pods = await db
      .from('tms_documents')
      .where('shipment_id', bookings[0].id)
      .where('doc_type', 'POD')
    assert.lengthOf(pods, 1)
    // The claimed load's booking waits for the shipper's payment.
    assert.containsSubset(bookings[1], { booking_type: 'freight_board', payment_status: 'pending' })
    const trucks = await db.from('trucks').count('* as n')
    assert.equal(Number(trucks[0].n), 1)
  })
  test('runs twice in a row where every shipped census company is registered already', async ({
    assert,
  }) => {
    const admin = await makeUser('admin')
    // The demo seed registers the shipped census's companies (docs/decisions/0170).
    for (const email of [
      'ops@keystonepallet.example',
      'carrier@palletline.test',
      'carrier2@palletline.test',
      'carrier3@palletline.test',
      'pending2@palletline.test',
    ]) {
      await makeUser('carrier', { email, isApproved: true })
    }
    const { token } = await new TokenService().create(admin.id, 'seed test', 1)
    const env = { PALLETLINE_URL: baseUrl(), PALLETLINE_TOKEN: token }
    const argv = ['seed', '--shippers', '1', '--carriers', '2', '--bookings', '2', '--loads', '0']
    const dots: string[] = []
    for (const run of [1, 2]) {
      const { code, stdout, stderr } = await runPalletline([...argv, '--json'], env)
      assert.equal(code, 0, `run ${run}: ${stdout}\n${stderr}`)
      const summary = JSON.parse(stdout)
      assert.lengthOf(summary.carriers, 2)
      assert.equal(summary.delivered, 2)
      dots.push(...summary.censusFiled)
    }
    try {
      const seeded = await db
        .from('users')
        .where('role', 'carrier')
        .whereLike('email', 'seed-%')
        .select('approval_status')
      assert.deepEqual(
        seeded.map((c) => c.approval_status),
        ['approved', 'approved', 'approved', 'approved']
      )
      assert.lengthOf(new Set(dots), 4)
    } finally {
      for (const dot of dots) {
        await rm(join(sandboxCensusDirectory!, `${dot}.json`), { force: true })
      }
    }
  })
})
