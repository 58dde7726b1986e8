import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { get, request } from 'node:http'
import { connect } from 'node:net'
import { resetDatabase, startServer } from '#tests/helpers'

const PORT = Number(process.env.PORT) + 1
const BODY = JSON.stringify({ type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } })

type Answer = { status: number; body: string }

/**
 * A webhook POST whose body arrives in two parts: the server has the request (headers read,
 * body awaited) from the first part on, and answers only after `finish()` sends the rest.
 */
function slowRequest(port: number) {
  const req = request({
    host: process.env.HOST,
    port,
    method: 'POST',
    path: '/api/webhooks/payments',
    agent: false,
    headers: {
      'Content-Type': 'application/json',
      'Accept': 'application/json',
      'Content-Length': Buffer.byteLength(BODY),
    },
  })
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', reject)
  })
  req.flushHeaders()
  req.write(BODY.slice(0, 10))
  return {
    answer,
    finish: () => req.end(BODY.slice(10)),
  }
}

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, process.env.HOST!)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A live-update stream (GET /__transmit/events), read raw: `ended` settles when it closes,
 * with whether it ended cleanly (the whole chunked answer, not a reset connection), when,
 * and everything it carried.
 */
function liveStream(port: number) {
  let text = ''
  let opened: (value: void) => void
  const ready = new Promise<void>((resolve) => (opened = resolve))
  const ended = new Promise<{ clean: boolean; at: number; text: string }>((resolve, reject) => {
    const req = get(
      {
        host: process.env.HOST,
        port,
        path: `/__transmit/events?uid=${randomUUID()}`,
        agent: false,
      },
      (res) => {
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
          opened()
        })
        res.on('close', () => resolve({ clean: res.complete, at: Date.now(), text }))
        res.on('error', () => undefined)
      }
    )
    req.on('error', reject)
  })
  return { ready, ended }
}

/** GET `path`'s status, or 'refused' when the connection is not accepted. */
function statusOf(port: number, path: string): Promise<number | 'refused'> {
  return fetch(`http://${process.env.HOST}:${port}${path}`, {
    headers: { accept: 'application/json' },
  }).then(
    (res) => res.status,
    () => 'refused' as const
  )
}

test.group('Graceful shutdown on SIGTERM', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  test('requests in flight finish with their normal answer; new connections are refused; exit 0', async ({
    assert,
  }) => {
    const server = await startServer(PORT, {
      SCHEDULER_ENABLED: 'true',
      SHUTDOWN_GRACE_MS: '20000',
    })
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve))

    const baseline = slowRequest(PORT)
    baseline.finish()
    const normal = await baseline.answer
    assert.equal(normal.status, 400)
    assert.property(JSON.parse(normal.body), 'message')

    const inFlight = Array.from({ length: 8 }, () => slowRequest(PORT))
    await pause(500) // every request is read up to its body by now
    server.child.kill('SIGTERM')
    await pause(500)
    assert.isFalse(await accepts(PORT), 'a new connection during shutdown is refused')
    assert.isNull(server.child.exitCode, 'the process waits for the requests in flight')

    for (const slow of inFlight) slow.finish()
    const answers = await Promise.all(inFlight.map((slow) => slow.answer))
    assert.deepEqual(answers, Array(inFlight.length).fill(normal))

    assert.equal(await exited, 0, server.output())
    assert.isFalse(await accepts(PORT))
  })

  test('drains first: readiness answers 503 at once, the rest is served until the drain ends, live streams end cleanly, then the port closes', async ({
    assert,
  }) => {
    const DRAIN_MS = 2500
    const server = await startServer(PORT, {
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_GRACE_MS: '20000',
    })
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve))
    const stream = liveStream(PORT)
    await stream.ready
    assert.equal(await statusOf(PORT, '/api/ready'), 200)

    const signalled = Date.now()
    server.child.kill('SIGTERM')
    await pause(100)
    assert.equal(await statusOf(PORT, '/api/ready'), 503, 'readiness says no within ~100 ms')
    const ready = await fetch(`http://${process.env.HOST}:${PORT}/api/ready`)
    assert.equal(ready.status, 503)
    assert.equal(((await ready.json()) as { message: string }).message, 'Not ready: shutting down')

    // The drain: everything else is served as before, on new connections too.
    assert.equal(await statusOf(PORT, '/api/health'), 200)
    assert.equal(await statusOf(PORT, '/api/freight-listings/featured'), 200)
    assert.isTrue(await accepts(PORT))
    assert.isNull(server.child.exitCode)
    const streamEnd = await stream.ended
    assert.isAtLeast(
      streamEnd.at - signalled,
      DRAIN_MS - 200,
      'the stream stayed open for the drain'
    )
    assert.isTrue(streamEnd.clean, `the stream ended cleanly, not cut: ${streamEnd.text}`)
    // The client is told to reconnect soon (through the balancer, to another instance).
    assert.match(streamEnd.text, /\nretry: \d+\n\n$/)

    assert.equal(await exited, 0, server.output())
    assert.isFalse(await accepts(PORT), 'the port is closed')
    assert.isBelow(Date.now() - signalled, 20_000, 'the stream was not held to the grace')
  })
})
