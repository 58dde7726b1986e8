import { test } from '@japa/runner'
import { signPush } from '../drivers/signing.js'
import { WebhookFeedDriver } from '../drivers/webhook.js'
import { MAX_EVENTS_PER_PUSH } from '../drivers/push_payload.js'
import { receiverContract } from './contract.js'

const SECRETS = { carrier: 'tmsf_test_secret_carrier_0001', eld: 'tmsf_test_secret_eld_000002' }

const makeDriver = () =>
  new WebhookFeedDriver({
    providers: {
      carrier: { secret: SECRETS.carrier, codeSet: 'demo_partner' },
      eld: { secret: SECRETS.eld, codeSet: 'edi214' },
    },
  })

receiverContract('webhook', async () => ({
  driver: makeDriver(),
  provider: 'eld',
  sign: (rawBody, timestamp) => ({
    'x-palletline-signature': signPush(rawBody, SECRETS.eld, timestamp),
  }),
}))

const now = new Date('2026-03-02T18:00:00Z')
const seconds = Math.floor(now.getTime() / 1000)

test.group('Webhook feed', () => {
  test('reads each provider with its own code table; a header in any case or repeated', async ({
    assert,
  }) => {
    const driver = makeDriver()
    const body = JSON.stringify({
      shipment: '4821937065',
      events: [
        { id: 'e1', code: 'DLY', time: '2026-03-02T17:00:00Z' },
        { id: 'e2', code: 'D1', time: '2026-03-02T17:10:00Z' },
      ],
    })
    const carrier = await driver.parsePush({
      provider: 'carrier',
      headers: { 'X-PalletLine-Signature': signPush(body, SECRETS.carrier, seconds) },
      rawBody: body,
      now,
    })
    if (!carrier.ok) return assert.fail(carrier.message)
    assert.deepEqual(
      carrier.events.map((e) => [e.id, e.type, e.codeSet, e.description]),
      [
        ['carrier:e1', 'EXCEPTION', 'demo_partner', 'Delayed: weather on the route'],
        ['carrier:e2', 'OTHER', 'demo_partner', null],
      ]
    )
    const eld = await driver.parsePush({
      provider: 'eld',
      headers: { 'x-palletline-signature': [signPush(body, SECRETS.eld, seconds), 'second'] },
      rawBody: body,
      now,
    })
    if (!eld.ok) return assert.fail(eld.message)
    assert.deepEqual(
      eld.events.map((e) => [e.id, e.type, e.description]),
      [
        ['eld:e1', 'OTHER', null],
        ['eld:e2', 'DELIVERED', 'Completed Unloading at Delivery Location'],
      ]
    )
  })

  test("one provider's secret does not sign for another", async ({ assert }) => {
    const body = JSON.stringify({ shipment: 'TRT-042', events: [] })
    const result = await makeDriver().parsePush({
      provider: 'eld',
      headers: { 'x-palletline-signature': signPush(body, SECRETS.carrier, seconds) },
      rawBody: body,
      now,
    })
    assert.deepInclude(result, { ok: false, reason: 'bad_signature' })
  })

  test('an empty push is accepted; an oversized one is malformed', async ({ assert }) => {
    const driver = makeDriver()
    const send = (payload: object) => {
      const rawBody = JSON.stringify(payload)
      const headers = { 'x-palletline-signature': signPush(rawBody, SECRETS.eld, seconds) }
      return driver.parsePush({ provider: 'eld', headers, rawBody, now })
    }
    assert.deepInclude(await send({ shipment: 'TRT-042', events: [] }), { ok: true, events: [] })
    const many = Array.from({ length: MAX_EVENTS_PER_PUSH + 1 }, (_, i) => ({
      id: `e${i}`,
      code: 'X6',
      time: '2026-03-02T17:00:00Z',
    }))
    assert.deepInclude(await send({ shipment: 'TRT-042', events: many }), {
      ok: false,
      reason: 'malformed',
    })
  })

  test('refuses to start with a missing or short secret', ({ assert }) => {
    assert.throws(
      () => new WebhookFeedDriver({ providers: { eld: { secret: 'short', codeSet: 'edi214' } } }),
      /"eld" needs a secret/
    )
  })
})
