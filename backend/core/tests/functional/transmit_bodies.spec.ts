import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import transmit from '@adonisjs/transmit/services/main'
import { Browserless, baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { openStream, until } from '#tests/live_stream'
import { MALFORMED_BODIES, type MalformedBody } from '#core/tests/transmit_bodies'

const ROUTES = ['/__transmit/subscribe', '/__transmit/unsubscribe'] as const

/** A browser's session: the XSRF-TOKEN cookie it got on its first page, signed in or not. */
async function browser(user?: { email: string }) {
  const session = new Browserless(baseUrl())
  if (user) {
    const login = await session.signIn(user.email)
    if (login.status !== 200) throw new Error(`login failed: ${login.text}`)
  }
  await session.request('GET', '/api/user')
  if (!session.cookies.has('XSRF-TOKEN')) throw new Error('no XSRF-TOKEN cookie')
  return session
}

/**
 * What transmit-client sends (`HttpClient.createRequest` with the app's `beforeSubscribe` hook):
 * a POST with the session's cookies and X-XSRF-TOKEN, here with the corpus's raw body and type.
 */
async function send(session: Browserless, route: string, entry: MalformedBody) {
  const headers: Record<string, string> = {
    'cookie': session.cookieHeader(),
    'x-xsrf-token': decodeURIComponent(session.cookies.get('XSRF-TOKEN')!),
  }
  if (entry.contentType) headers['content-type'] = entry.contentType
  const res = await fetch(baseUrl() + route, { method: 'POST', headers, body: entry.body })
  const text = await res.text()
  let body: any = null
  try {
    body = JSON.parse(text)
  } catch {
    body = null
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body, text }
}

const subscription = (uid: string, channel: string): MalformedBody => ({
  name: channel,
  body: JSON.stringify({ uid, channel }),
  contentType: 'application/json',
  field: null,
})

/** What is wrong with the answer to a malformed body; null when it is a JSON 4xx naming its field. */
function problemOf(answer: Awaited<ReturnType<typeof send>>, entry: MalformedBody) {
  const { status, contentType, body, text } = answer
  if (![400, 415, 422].includes(status)) return `${status} ${text.slice(0, 200)}`
  if (!contentType.startsWith('application/json') || typeof body?.message !== 'string') {
    return `${status} is not a JSON error: ${contentType} ${text.slice(0, 200)}`
  }
  if (entry.field === null) return null
  const fields = Array.isArray(body.errors) ? body.errors.map((e: any) => e.field) : []
  return status === 422 && fields.includes(entry.field)
    ? null
    : `${status} does not name ${entry.field}: ${text.slice(0, 200)}`
}

test.group('Transmit: malformed subscribe and unsubscribe bodies', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(60_000)

  test('every body of the corpus is a JSON 4xx naming its field, anonymous and signed in', async ({
    assert,
  }) => {
    assert.isAtLeast(MALFORMED_BODIES.length, 40)
    const identities = {
      anonymous: await browser(),
      carrier: await browser(await makeUser('carrier', { isApproved: true })),
    }
    const problems: string[] = []
    for (const [who, session] of Object.entries(identities)) {
      for (const route of ROUTES) {
        for (const entry of MALFORMED_BODIES) {
          const problem = problemOf(await send(session, route, entry), entry)
          if (problem) problems.push(`${route} as ${who}, ${entry.name}: ${problem}`)
        }
      }
    }
    assert.deepEqual(problems, [])
  })

  test('a valid subscription still works; a channel one may not listen to stays a 400', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const anonymous = await browser()
    const carrier = await browser(await makeUser('carrier', { isApproved: true }))
    const uid = randomUUID()
    const stream = openStream(uid)
    await stream.ready
    try {
      const subscribed = await send(anonymous, ROUTES[0], subscription(uid, 'freight/public'))
      assert.equal(subscribed.status, 204, subscribed.text)
      transmit.broadcast('freight/public', { type: 'posted', id: 1 })
      await until(() => stream.messages.length === 1)
      assert.deepEqual(stream.messages, [
        { channel: 'freight/public', payload: { type: 'posted', id: 1 } },
      ])
      const unsubscribed = await send(anonymous, ROUTES[1], subscription(uid, 'freight/public'))
      assert.equal(unsubscribed.status, 204, unsubscribed.text)

      for (const channel of [
        'freight/board',
        'expedited/offers',
        `expedited/shipper/${shipper.id}`,
        `users/${shipper.id}`,
        'admin',
      ]) {
        const refused = await send(anonymous, ROUTES[0], subscription(uid, channel))
        assert.equal(refused.status, 400, `${channel}: ${refused.text}`)
        assert.deepEqual(refused.body, { message: 'You may not listen to this channel' })
      }
      // Transmit 3 subscribes only a stream that is open: the carrier names this one.
      const board = await send(carrier, ROUTES[0], subscription(uid, 'freight/board'))
      assert.equal(board.status, 204, board.text)
      const notTheirs = await send(
        carrier,
        ROUTES[0],
        subscription(uid, `expedited/shipper/${shipper.id}`)
      )
      assert.equal(notTheirs.status, 400, notTheirs.text)
    } finally {
      stream.close()
    }
  })

  test('subscribing a uid whose stream is not open here is a 404 naming uid, not a refusal', async ({
    assert,
  }) => {
    const anonymous = await browser()
    const carrier = await browser(await makeUser('carrier', { isApproved: true }))
    const notOpen = (answer: Awaited<ReturnType<typeof send>>, what: string) => {
      assert.equal(answer.status, 404, `${what}: ${answer.text}`)
      assert.match(answer.contentType, /^application\/json/, what)
      assert.match(answer.body?.message ?? '', /No open stream with this uid/, what)
      assert.deepEqual(
        answer.body?.errors?.map((e: { field: string; rule: string }) => [e.field, e.rule]),
        [['uid', 'openStream']],
        what
      )
    }

    // Never opened: a public channel, and one the caller may listen to.
    const never = randomUUID()
    notOpen(await send(anonymous, ROUTES[0], subscription(never, 'freight/public')), 'public')
    notOpen(await send(carrier, ROUTES[0], subscription(never, 'freight/board')), 'board')

    // Opened, then closed: the same answer once Transmit has dropped the stream.
    const uid = randomUUID()
    const stream = openStream(uid)
    await stream.ready
    const open = await send(anonymous, ROUTES[0], subscription(uid, 'freight/public'))
    assert.equal(open.status, 204, open.text)
    const refused = await send(anonymous, ROUTES[0], subscription(uid, 'freight/board'))
    assert.equal(refused.status, 400, refused.text)
    assert.deepEqual(refused.body, { message: 'You may not listen to this channel' })
    stream.close()
    await until(() => transmit.getSubscribersFor('freight/public').length === 0)
    notOpen(await send(anonymous, ROUTES[0], subscription(uid, 'freight/public')), 'closed')

    // Unsubscribing a stream that is gone stays a 204: there is nothing left to stop.
    const gone = await send(anonymous, ROUTES[1], subscription(uid, 'freight/public'))
    assert.equal(gone.status, 204, gone.text)
  })

  test('an event stream without a usable uid is a 422 naming it', async ({ assert }) => {
    for (const query of ['', '?uid=', '?uid=../x', `?uid=${'x'.repeat(500)}`, '?uid[]=a']) {
      const res = await fetch(`${baseUrl()}/__transmit/events${query}`)
      assert.equal(res.status, 422, query)
      const body = (await res.json()) as { errors: { field: string }[] }
      assert.deepEqual(
        body.errors.map((e) => e.field),
        ['uid'],
        query
      )
    }
  })
})
