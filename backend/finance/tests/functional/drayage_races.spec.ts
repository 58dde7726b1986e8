import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import { Browserless, baseUrl, makeUser, resetDatabase, startServer } from '#tests/helpers'
import { makeMove, makeTerminal, openPickupWindow } from '#logistics/tests/drayage_fixtures'
import DrayageMoveService from '#logistics/services/drayage_move_service'

/** A signed-in cookie session of `user` at `url`. */
async function session(user: User, url: string) {
  const s = new Browserless(url)
  const res = await s.request('POST', '/api/login', { username: user.email, password: 'secret123' })
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
  await s.request('GET', '/api/health')
  return s
}

test.group('Drayage races at a real server, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    // Within this worktree's port range (PORT to PORT + 19).
    second = await startServer(Number(process.env.PORT) + 7)
    return () => second.stop()
  })

  test('8 sessions drafting one move’s invoice at once make one invoice', async ({ assert }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const move = await makeMove(shipper, { availableInDays: -8 })
    const moves = await app.container.make(DrayageMoveService)
    await moves.accept(carrier.id, move.id)
    await openPickupWindow(move.id)
    await moves.gateOut(move.id)
    await moves.emptyReturn(move.id)
    const sessions = []
    for (let i = 0; i < 8; i++)
      sessions.push(await session(carrier, i % 2 ? second.url : baseUrl()))
    const answers = await Promise.all(
      sessions.map((s) => s.request('POST', `/api/drayage/moves/${move.id}/invoices`))
    )
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(8).fill(201),
      JSON.stringify(answers.map((a) => a.text))
    )
    assert.lengthOf(await db.from('advanced_invoices').where('drayage_move_id', move.id), 1)
  })

  test('a cancel racing 6 acceptances: either the cancel or one carrier wins, never both', async ({
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const move = await makeMove(shipper)
    const carriers = []
    for (let i = 0; i < 6; i++) carriers.push(await makeUser('carrier', { isApproved: true }))
    const accepting = []
    for (const [i, c] of carriers.entries()) {
      accepting.push(await session(c, i % 2 ? second.url : baseUrl()))
    }
    const cancelling = await session(shipper, second.url)
    const [cancel, ...accepts] = await Promise.all([
      cancelling.request('POST', `/api/drayage/moves/${move.id}/cancel`),
      ...accepting.map((s) => s.request('POST', `/api/drayage/moves/${move.id}/accept`)),
    ])
    const won = accepts.filter((a) => a.status === 200).length
    const [row] = await db.from('drayage_moves').where('id', move.id)
    if (cancel.status === 200) {
      assert.equal(won, 0)
      assert.equal(row.status, 'CANCELLED')
    } else {
      // A carrier accepted first: the cancel without a reason asks for one.
      assert.equal(cancel.status, 422, cancel.text)
      assert.equal(won, 1)
      assert.equal(row.status, 'ACCEPTED')
    }
    assert.isTrue(accepts.every((a) => a.status === 200 || a.status === 409))
  })
})
