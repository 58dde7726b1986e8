import { test } from '@japa/runner'
import { request } from 'node:http'
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
})
