import { test } from '@japa/runner'
import ExpeditedJob from '#logistics/models/expedited_job'
import {
  baseUrl,
  makeUser,
  resetDatabase,
  signInSessions as signIn,
  startServer,
} from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { expCarrier, expeditedForm } from '../expedited_helpers.js'

const CARRIERS = 12

test.group('Expedited acceptance races at a real server, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 103)
    return () => second.stop()
  })

  test(`${CARRIERS} carriers accept one job at once: exactly one wins`, async ({ assert }) => {
    const shipper = await makeUser('shipper')
    const carriers = await Promise.all(Array.from({ length: CARRIERS }, () => expCarrier()))
    const [shipperSession] = await signIn([shipper], [baseUrl()])
    const created = await shipperSession.request('POST', '/api/expedited-jobs', expeditedForm())
    assert.equal(created.status, 201, created.text)
    assert.equal(created.body.offeredTo, CARRIERS)
    const id = created.body.job.id
    const sessions = await signIn(carriers, [baseUrl(), second.url])

    const results = await Promise.all(
      sessions.map((s) => s.request('POST', `/api/expedited-jobs/${id}/accept`))
    )

    const won = results.filter((r) => r.status === 200)
    const lost = results.filter((r) => r.status === 409)
    assert.lengthOf(won, 1, JSON.stringify(results.map((r) => [r.status, r.body?.message])))
    assert.lengthOf(lost, CARRIERS - 1)
    for (const res of lost) assert.equal(res.body.message, 'Job may have already been accepted')
    const job = await ExpeditedJob.findOrFail(id)
    assert.equal(job.status, 'ACCEPTED')
    const winner = carriers[results.indexOf(won[0])]
    assert.equal(job.carrierId, (await carrierOf(winner)).id)
    assert.equal(won[0].body.carrierName, (await carrierOf(winner)).companyName)
  })

  test('the shipper cancels while carriers accept: one of them wins, never both', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carriers = await Promise.all(Array.from({ length: 6 }, () => expCarrier()))
    const [shipperSession] = await signIn([shipper], [second.url])
    const created = await shipperSession.request('POST', '/api/expedited-jobs', expeditedForm())
    const id = created.body.job.id
    const sessions = await signIn(carriers, [baseUrl(), second.url])

    const [cancel, ...accepts] = await Promise.all([
      shipperSession.request('POST', `/api/expedited-jobs/${id}/cancel`),
      ...sessions.map((s) => s.request('POST', `/api/expedited-jobs/${id}/accept`)),
    ])

    const job = await ExpeditedJob.findOrFail(id)
    const acceptedCount = accepts.filter((r) => r.status === 200).length
    assert.isAtMost(acceptedCount, 1)
    for (const res of accepts.filter((r) => r.status !== 200)) assert.equal(res.status, 409)
    if (job.status === 'CANCELLED') {
      // cancelled first, or after the winning accept (a shipper may cancel an accepted job)
      assert.equal(cancel.status, 200)
    } else {
      assert.equal(job.status, 'ACCEPTED')
      assert.equal(acceptedCount, 1)
      assert.equal(cancel.status, 409)
    }
  })
})
