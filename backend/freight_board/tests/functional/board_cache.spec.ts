import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { boardCache } from '#freight_board/services/board_cache'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'

/** Runs `work` with the app's clock fixed at a whole second of now, moved only by `work`. */
async function onFixedClock(work: (clock: FixedClock, t0: DateTime) => Promise<void>) {
  const t0 = DateTime.now().startOf('second')
  const clock = new FixedClock(t0)
  app.container.swap(Clock, () => clock)
  try {
    await work(clock, t0)
  } finally {
    app.container.restore(Clock)
  }
}

/**
 * The board's shared pages are cached (docs/decisions/0072). Each test reads the board first,
 * so the page is in the cache, then changes the load, then reads again: only invalidation or
 * a page's own expiry time can make the second read right. The cache lives a minute here.
 */
test.group('The board cache never shows a ghost load', (group) => {
  group.setup(() => {
    boardCache.configure(60_000)
    return () => boardCache.configure(0)
  })
  group.each.setup(async () => {
    await resetDatabase()
    boardCache.forget()
  })

  const ids = (res: any) => res.body().map((load: any) => load.id)

  test('a hold shows at once to everyone, marked as yours only for the holder', async ({
    client,
    assert,
  }) => {
    const load = await makeFreightListing(await makeUser('shipper'))
    const a = await makeUser('carrier', { isApproved: true })
    const b = await makeUser('carrier', { isApproved: true })
    assert.isFalse((await client.get('/api/freight-listings').loginAs(b)).body()[0].held)
    assert.isFalse((await client.get('/api/freight-listings').loginAs(a)).body()[0].held)

    const held = await client
      .post(`/api/freight-listings/${load.id}/hold`)
      .loginAs(a)
      .withCsrfToken()
    held.assertStatus(200)
    const seenByB = (await client.get('/api/freight-listings').loginAs(b)).body()[0]
    assert.isTrue(seenByB.held)
    assert.isFalse(seenByB.held_by_you)
    const seenByA = await client.get('/api/freight-listings').loginAs(a)
    seenByA.assertStatus(200)
    assert.equal(seenByA.header('content-type'), 'application/json; charset=utf-8')
    assert.isTrue(seenByA.body()[0].held_by_you)

    await client.delete(`/api/freight-listings/${load.id}/hold`).loginAs(a).withCsrfToken()
    assert.isFalse((await client.get('/api/freight-listings').loginAs(b)).body()[0].held)
  })

  test('a claimed or cancelled load leaves the cached page at once', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const claimed = await makeFreightListing(shipper)
    const cancelled = await makeFreightListing(shipper)
    const a = await makeUser('carrier', { isApproved: true })
    const b = await makeUser('carrier', { isApproved: true })
    assert.sameMembers(ids(await client.get('/api/freight-listings').loginAs(b)), [
      claimed.id,
      cancelled.id,
    ])
    const claim = await client
      .post(`/api/freight-listings/${claimed.id}/claim`)
      .loginAs(a)
      .withCsrfToken()
    claim.assertStatus(200)
    assert.deepEqual(ids(await client.get('/api/freight-listings').loginAs(b)), [cancelled.id])

    const cancel = await client
      .post(`/api/freight-listings/${cancelled.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    cancel.assertStatus(200)
    assert.deepEqual(ids(await client.get('/api/freight-listings').loginAs(b)), [])
  })

  test('a hold lapses and a load expires on time, without any write', async ({
    client,
    assert,
  }) => {
    await onFixedClock(async (clock, t0) => {
      const shipper = await makeUser('shipper')
      const held = await makeFreightListing(shipper)
      const expiring = await makeFreightListing(shipper, { expiresAt: t0.plus({ minutes: 10 }) })
      const a = await makeUser('carrier', { isApproved: true })
      const b = await makeUser('carrier', { isApproved: true })
      await client.post(`/api/freight-listings/${held.id}/hold`).loginAs(a).withCsrfToken()
      const before = (await client.get('/api/freight-listings').loginAs(b)).body()
      assert.sameMembers(
        before.map((l: any) => l.id),
        [held.id, expiring.id]
      )
      assert.isTrue(before.find((l: any) => l.id === held.id).held)

      clock.set(t0.plus({ minutes: 10 }))
      assert.deepEqual(ids(await client.get('/api/freight-listings').loginAs(b)), [held.id])

      clock.set(t0.plus({ minutes: 30 }))
      assert.isFalse((await client.get('/api/freight-listings').loginAs(b)).body()[0].held)
    })
  })

  test('a page is read again in the background before its bound, while it is still served', async ({
    client,
    assert,
  }) => {
    await onFixedClock(async (clock, t0) => {
      const shipper = await makeUser('shipper')
      const first = await makeFreightListing(shipper)
      const b = await makeUser('carrier', { isApproved: true })
      assert.deepEqual(ids(await client.get('/api/freight-listings').loginAs(b)), [first.id])
      // Written behind the board's back (no change event): only a new read can show it.
      const second = await makeFreightListing(shipper)

      clock.set(t0.plus({ seconds: 30 }))
      assert.deepEqual(ids(await client.get('/api/freight-listings').loginAs(b)), [first.id])

      // Two thirds of the way to the bound (60 s here): the page is served as it is and its
      // successor read in the background; the next read gets it without waiting for the bound.
      clock.set(t0.plus({ seconds: 45 }))
      assert.deepEqual(ids(await client.get('/api/freight-listings').loginAs(b)), [first.id])
      clock.set(t0.plus({ seconds: 46 }))
      let seen: number[] = []
      for (let attempt = 0; attempt < 50; attempt++) {
        seen = ids(await client.get('/api/freight-listings').loginAs(b))
        if (seen.length === 2) break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      assert.sameMembers(seen, [first.id, second.id])
    })
  })

  test('filters have pages of their own', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const van = await makeFreightListing(shipper)
    const reefer = await makeFreightListing(shipper, { equipment: 'REEFER' })
    const b = await makeUser('carrier', { isApproved: true })
    assert.sameMembers(ids(await client.get('/api/freight-listings').loginAs(b)), [
      van.id,
      reefer.id,
    ])
    const onlyReefer = await client.get('/api/freight-listings?equipment=REEFER').loginAs(b)
    assert.deepEqual(ids(onlyReefer), [reefer.id])
  })

  test('a refresh that changed nothing is a 304 without a body; a change gives a new page', async ({
    client,
    assert,
  }) => {
    const load = await makeFreightListing(await makeUser('shipper'))
    const a = await makeUser('carrier', { isApproved: true })
    const b = await makeUser('carrier', { isApproved: true })
    const first = await client.get('/api/freight-listings').loginAs(b)
    first.assertStatus(200)
    const etag = first.header('etag')!
    assert.match(etag, /^"[\w-]+"$/)
    assert.equal(first.header('cache-control'), 'private, no-cache')

    const same = await client.get('/api/freight-listings').header('if-none-match', etag).loginAs(b)
    same.assertStatus(304)
    assert.equal(same.text(), '')

    await client.post(`/api/freight-listings/${load.id}/hold`).loginAs(a).withCsrfToken()
    const changed = await client
      .get('/api/freight-listings')
      .header('if-none-match', etag)
      .loginAs(b)
    changed.assertStatus(200)
    assert.notEqual(changed.header('etag'), etag)
    assert.isTrue(changed.body()[0].held)
  })

  test('a cached page goes gzipped to a client that accepts gzip, plain to one that does not', async ({
    client,
    assert,
  }) => {
    const load = await makeFreightListing(await makeUser('shipper'))
    const carrier = await makeUser('carrier', { isApproved: true })
    const read = (encoding: string) =>
      client.get('/api/freight-listings').header('accept-encoding', encoding).loginAs(carrier)

    const gzipped = await read('gzip, deflate, br')
    gzipped.assertStatus(200)
    assert.equal(gzipped.header('content-encoding'), 'gzip')
    assert.equal(gzipped.header('vary'), 'accept-encoding')
    assert.deepEqual(ids(gzipped), [load.id])

    for (const encoding of ['identity', 'gzip;q=0, deflate']) {
      const plain = await read(encoding)
      plain.assertStatus(200)
      assert.isUndefined(plain.header('content-encoding'))
      assert.deepEqual(plain.body(), gzipped.body())
    }
  })
})
