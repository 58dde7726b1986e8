import { test } from '@japa/runner'
import DrayageMove from '#logistics/models/drayage_move'
import { baseUrl, makeUser, resetDatabase, signInSessions, startServer } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { makeMove, makeTerminal, openPickupWindow } from '#logistics/tests/drayage_fixtures'

const CARRIERS = 12

test.group('Drayage acceptance races at a real server, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 17)
    return () => second.stop()
  })

  test(`${CARRIERS} DRAY carriers accept one move at once: exactly one carrier gets it`, async ({
    assert,
  }) => {
    await makeTerminal()
    const move = await makeMove(await makeUser('shipper'))
    const carriers = await Promise.all(
      Array.from({ length: CARRIERS }, () => makeUser('carrier', { isApproved: true }))
    )
    const sessions = await signInSessions(carriers, [baseUrl(), second.url])

    const results = await Promise.all(
      sessions.map((s) => s.request('POST', `/api/drayage/moves/${move.id}/accept`))
    )

    const won = results.filter((r) => r.status === 200)
    const lost = results.filter((r) => r.status === 409)
    assert.lengthOf(won, 1, JSON.stringify(results.map((r) => [r.status, r.body?.message])))
    assert.lengthOf(lost, CARRIERS - 1)
    for (const res of lost) {
      assert.equal(res.body.message, 'This move was already accepted by another carrier')
    }
    const winner = carriers[results.indexOf(won[0])]
    await move.refresh()
    assert.equal(move.status, 'ACCEPTED')
    assert.equal(move.carrierId, (await carrierOf(winner)).id)
    assert.equal(won[0].body.carrierName, (await carrierOf(winner)).companyName)
    assert.lengthOf(await DrayageMove.query().whereNotNull('carrierId'), 1)
  })

  test('the move’s carrier records gate-out from both processes at once: one wins', async ({
    assert,
  }) => {
    await makeTerminal()
    const move = await makeMove(await makeUser('shipper'))
    const carrier = await makeUser('carrier', { isApproved: true })
    const [first, other] = await signInSessions([carrier, carrier], [baseUrl(), second.url])
    const accepted = await first.request('POST', `/api/drayage/moves/${move.id}/accept`)
    assert.equal(accepted.status, 200)
    await openPickupWindow(move.id)
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : first).request('POST', `/api/drayage/moves/${move.id}/gate-out`)
      )
    )
    assert.deepEqual(
      results.map((r) => r.status).sort(),
      [200, 409, 409, 409, 409, 409, 409, 409],
      JSON.stringify(results.map((r) => r.body?.message))
    )
    await move.refresh()
    assert.equal(move.status, 'OUT_GATED')
  })
})
