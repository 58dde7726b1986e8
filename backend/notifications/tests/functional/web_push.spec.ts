import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { createECDH, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
// @ts-expect-error http_ece (web-push's own dependency) ships no types
import ece from 'http_ece'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeMember } from '#accounts/tests/companies'
import { mailQueue } from '#core/mail_queue'
import NotificationService from '#notifications/services/notification_service'
import WebPushService, {
  PUSH_TTL_SECONDS,
  endpointProblem,
  pushEndpointRule,
} from '#notifications/services/web_push_service'
import type User from '#accounts/models/user'

/**
 * A push service on loopback: it takes the encrypted POSTs the server sends and answers with
 * the status the test sets (201 delivered, 410 gone, ...).
 */
class FakePushService {
  received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = []
  status = 201
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.statusCode = this.status
      res.end()
    })
  })

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
  }

  endpoint(name: string) {
    const { port } = this.server.address() as AddressInfo
    return `http://127.0.0.1:${port}/push/${name}`
  }

  async stop() {
    await new Promise((resolve) => this.server.close(resolve))
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  }
}

const subscribe = (client: any, user: User, body: unknown) =>
  client.post('/api/push-subscriptions').json(body).loginAs(user).withCsrfToken()

const pushFor = (client: any, user: User, kind: string, push: boolean) =>
  client
    .put('/api/notification-preferences')
    .json({ preferences: [{ kind, channel: 'in_app', push }] })
    .loginAs(user)
    .withCsrfToken()

const fieldsOf = (res: any): string[] =>
  (res.body().errors ?? []).map((e: { field: string }) => e.field).sort()

async function notify(userId: number, title = 'New VAN load Chicago, IL → Detroit, MI') {
  const notifications = await app.container.make(NotificationService)
  const made = await notifications.notify(userId, {
    kind: 'alert',
    title,
    body: 'It matches one of your saved lanes.',
    link: '/carrier#freight-board',
  })
  await mailQueue.idle()
  return made
}

test.group('Web push: keys, subscriptions and delivery', (group) => {
  eachTestInTransaction(group)
  const fake = new FakePushService()
  group.setup(async () => {
    await fake.start()
    return () => fake.stop()
  })
  group.each.setup(() => {
    pushEndpointRule.allowLoopbackHttp = true
    fake.received = []
    fake.status = 201
    return () => {
      pushEndpointRule.allowLoopbackHttp = false
    }
  })

  test('the VAPID key is made once and kept, its private half encrypted', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const first = await client.get('/api/push-subscriptions/key').loginAs(carrier)
    first.assertStatus(200)
    assert.match(first.body().public_key, /^[A-Za-z0-9_-]{87}$/)
    assert.equal(first.body().subscriptions, 0)
    const again = await client.get('/api/push-subscriptions/key').loginAs(await makeUser('shipper'))
    assert.equal(again.body().public_key, first.body().public_key)
    const rows = await db.from('web_push_keys')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].public_key, first.body().public_key)
    const keys = await (await app.container.make(WebPushService)).keys()
    assert.notInclude(rows[0].private_key_encrypted, keys.privateKey)
    ;(await client.get('/api/push-subscriptions/key')).assertStatus(401)
  })

  test('a notification of a pushed kind reaches each browser, encrypted and signed with VAPID', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    const dispatcher = await makeMember(owner, 'dispatcher')
    const browser = browserKeys()
    const other = browserKeys()
    const made = await subscribe(client, owner, {
      endpoint: fake.endpoint('owner'),
      expirationTime: null,
      keys: browser.keys,
    })
    made.assertStatus(201)
    assert.equal(made.body().endpoint, fake.endpoint('owner'))
    // A member's browser receives the company's notifications too.
    ;(
      await subscribe(client, dispatcher, { endpoint: fake.endpoint('member'), keys: other.keys })
    ).assertStatus(201)

    // Not a pushed kind yet: stored, nothing pushed.
    await notify(owner.id)
    assert.lengthOf(fake.received, 0)

    ;(await pushFor(client, owner, 'alert', true)).assertStatus(200)
    const notification = await notify(owner.id)
    assert.lengthOf(fake.received, 2)
    const arrived = fake.received.find((r) => r.path === '/push/owner')!
    const { publicKey } = await (await app.container.make(WebPushService)).keys()
    assert.match(
      String(arrived.headers.authorization),
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`)
    )
    assert.equal(arrived.headers['content-encoding'], 'aes128gcm')
    assert.equal(arrived.headers.ttl, String(PUSH_TTL_SECONDS))
    // Only the browser's keys open it, and it holds the notification's own words.
    const plain = ece.decrypt(arrived.body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.auth.toString('base64url'),
    })
    assert.deepEqual(JSON.parse(plain.toString('utf8')), {
      id: notification!.id,
      kind: 'alert',
      title: 'New VAN load Chicago, IL → Detroit, MI',
      body: 'It matches one of your saved lanes.',
      link: '/carrier#freight-board',
    })
    const row = await db
      .from('push_subscriptions')
      .where('endpoint', fake.endpoint('owner'))
      .first()
    assert.isNotNull(row.last_sent_at)

    // Turned off: not kept, not pushed.
    await client
      .put('/api/notification-preferences')
      .json({ preferences: [{ kind: 'alert', channel: 'off', push: true }] })
      .loginAs(owner)
      .withCsrfToken()
    await notify(owner.id)
    assert.lengthOf(fake.received, 2)
  })

  test('a 404 or 410 from the push service removes the subscription; a 500 keeps it', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    ;(await pushFor(client, carrier, 'alert', true)).assertStatus(200)
    for (const name of ['gone', 'missing', 'broken']) {
      ;(
        await subscribe(client, carrier, {
          endpoint: fake.endpoint(name),
          keys: browserKeys().keys,
        })
      ).assertStatus(201)
    }
    fake.status = 500
    await notify(carrier.id)
    assert.lengthOf(fake.received, 3)
    assert.equal((await db.from('push_subscriptions').where('user_id', carrier.id)).length, 3)

    fake.status = 410
    await db.from('push_subscriptions').where('endpoint', fake.endpoint('missing')).delete()
    await db.from('push_subscriptions').where('endpoint', fake.endpoint('broken')).delete()
    await notify(carrier.id, 'Another load')
    assert.lengthOf(fake.received, 4)
    assert.deepEqual(await db.from('push_subscriptions').where('user_id', carrier.id), [])

    fake.status = 404
    ;(
      await subscribe(client, carrier, {
        endpoint: fake.endpoint('missing'),
        keys: browserKeys().keys,
      })
    ).assertStatus(201)
    await notify(carrier.id, 'A third load')
    assert.deepEqual(await db.from('push_subscriptions').where('user_id', carrier.id), [])
  })

  test('unsubscribe forgets only the caller’s browser; subscribing again replaces its keys', async ({
    client,
    assert,
  }) => {
    const a = await makeUser('shipper')
    const b = await makeUser('shipper')
    const endpoint = fake.endpoint('shared')
    ;(await subscribe(client, a, { endpoint, keys: browserKeys().keys })).assertStatus(201)
    // b cannot remove a's browser.
    ;(
      await client.delete('/api/push-subscriptions').qs({ endpoint }).loginAs(b).withCsrfToken()
    ).assertStatus(204)
    assert.lengthOf(await db.from('push_subscriptions').where('user_id', a.id), 1)
    // The same browser signed in as b moves to b, with its new keys.
    const keys = browserKeys().keys
    ;(await subscribe(client, b, { endpoint, keys })).assertStatus(201)
    const rows = await db.from('push_subscriptions').where('endpoint', endpoint)
    assert.lengthOf(rows, 1)
    assert.equal(Number(rows[0].user_id), b.id)
    assert.equal(rows[0].p256dh, keys.p256dh)
    const gone = await client
      .delete('/api/push-subscriptions')
      .qs({ endpoint })
      .loginAs(b)
      .withCsrfToken()
    gone.assertStatus(204)
    assert.lengthOf(await db.from('push_subscriptions'), 0)
    const missing = await client.delete('/api/push-subscriptions').loginAs(b).withCsrfToken()
    missing.assertStatus(422)
    assert.deepEqual(fieldsOf(missing), ['endpoint'])
  })

  test('bad input is a 422 naming the field and stores nothing', async ({ client, assert }) => {
    const user = await makeUser('carrier', { isApproved: true })
    const good = browserKeys().keys
    const cases: [unknown, string[]][] = [
      [{}, ['endpoint', 'keys']],
      [{ endpoint: fake.endpoint('x') }, ['keys']],
      [
        { endpoint: fake.endpoint('x'), keys: { p256dh: 'short', auth: good.auth } },
        ['keys.p256dh'],
      ],
      [{ endpoint: fake.endpoint('x'), keys: { p256dh: good.p256dh, auth: 'a b' } }, ['keys.auth']],
      [{ endpoint: 'not a url at all', keys: good }, ['endpoint']],
      [{ endpoint: 'http://push.example.com/x', keys: good }, ['endpoint']],
      [{ endpoint: 'https://10.0.0.5/push/x', keys: good }, ['endpoint']],
      [{ endpoint: 'https://[::1]/push/x', keys: good }, ['endpoint']],
      [{ endpoint: 'https://localhost/push/x', keys: good }, ['endpoint']],
      [{ endpoint: 'https://user:pw@push.example.com/x', keys: good }, ['endpoint']],
      [{ endpoint: 'x'.repeat(1001), keys: good }, ['endpoint']],
    ]
    for (const [body, fields] of cases) {
      const res = await subscribe(client, user, body)
      res.assertStatus(422)
      assert.deepEqual(fieldsOf(res), fields, JSON.stringify(body))
    }
    assert.lengthOf(await db.from('push_subscriptions'), 0)
    ;(
      await client.post('/api/push-subscriptions').json({ endpoint: 'x' }).withCsrfToken()
    ).assertStatus(401)
  })
})

test.group('Web push: where the server may POST', () => {
  test('https on a named host only; loopback http only when a test opens it', ({ assert }) => {
    assert.isNull(endpointProblem('https://fcm.googleapis.com/fcm/send/abc'))
    assert.isNull(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/abc'))
    assert.isNull(endpointProblem('https://web.push.apple.com/QGx'))
    assert.isNotNull(endpointProblem('http://127.0.0.1:9/push'))
    assert.isNotNull(endpointProblem('https://127.0.0.1/push'))
    assert.isNotNull(endpointProblem('https://intranet/push'))
    assert.isNotNull(endpointProblem('https://printer.local/push'))
    assert.isNotNull(endpointProblem('ftp://push.example.com/x'))
  })
})
