import { test } from '@japa/runner'
import EscrowTransaction, { type EscrowState } from '#payments/models/escrow_transaction'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'

test.group('GET /api/tms/escrow', (group) => {
  group.each.setup(() => resetDatabase())

  test('the shipper’s held, released and refunded funds per shipment, with totals', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier')
    const listing = await makeListing(carrier)
    const amounts: [EscrowState, number][] = [
      ['HELD', 1200.1],
      ['HELD', 0.2],
      ['RELEASED', 845.55],
      ['REFUNDED', 99.99],
    ]
    for (const [status, amount] of amounts) {
      const booking = await makeBooking(shipper, listing)
      await EscrowTransaction.create({ shipmentId: booking.id, amount, status })
    }
    const other = await makeUser('shipper')
    const foreign = await makeBooking(other, listing)
    await EscrowTransaction.create({ shipmentId: foreign.id, amount: 5000, status: 'HELD' })

    const res = await client.get('/api/tms/escrow').loginAs(shipper)
    res.assertStatus(200)
    assert.lengthOf(res.body().shipments, 4)
    // 1200.10 + 0.20 in cents, not a float sum
    assert.deepEqual(res.body().totals, { held: 1200.3, released: 845.55, refunded: 99.99 })
    assert.sameMembers(
      res.body().shipments.map((s: any) => s.status),
      ['HELD', 'HELD', 'RELEASED', 'REFUNDED']
    )
    ;(await client.get('/api/tms/escrow').loginAs(carrier)).assertStatus(403)
    ;(await client.get('/api/tms/escrow')).assertStatus(401)
  })
})
