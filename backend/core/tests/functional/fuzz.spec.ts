import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import {
  businessDayFromToday,
  makeUser,
  resetDatabase,
  eachTestInTransaction,
} from '#tests/helpers'
import { makeListing, makeTruck } from '#tests/factories'

/**
 * Seeded, bounded fuzzing of the bodies people type into: every generated body is invalid by
 * construction (at least one field holds a value no validator accepts), so each must be a 4xx
 * — never a 5xx, never a 2xx — and leave every table as it was. FUZZ_COUNT bodies per endpoint
 * (default 400), FUZZ_SEED to replay a run.
 */
const COUNT = Number(process.env.FUZZ_COUNT ?? 400)
const SEED = Number(process.env.FUZZ_SEED ?? 20261124)

/** mulberry32: a small seeded PRNG, enough to replay a failing body from its seed. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = ReturnType<typeof prng>
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]

/** Values no field of these forms accepts: every body gets at least one. */
const POISONS: readonly unknown[] = [
  { $ne: null },
  { toString: 'x', valueOf: 1 },
  [1, 2, 3],
  [],
  [['nested']],
  'lone \ud800 surrogate',
  '\udfff',
  'nul \u0000 byte',
  JSON.parse('{"__proto__": {"isAdmin": true}}'),
]

/** Hostile but possibly valid values, mixed into the other fields. */
function noise(random: Random): unknown {
  return pick(random, [
    () => '',
    () => ' ',
    () => null,
    () => true,
    () => 0,
    () => -1,
    () => 1e308,
    () => -0,
    () => 2 ** 53 + 1,
    () => 'NaN',
    () => 'Infinity',
    () => '1e309',
    () => '12abc',
    () => '0x1F',
    () => 'x'.repeat(Math.floor(random() * 20_000)),
    () => "'; DROP TABLE bookings; --",
    () => '<script>alert(1)</script>',
    () => '\u202e\u200b\ufeff',
    () => '😀'.repeat(300),
    () => '2026-02-30',
    () => '9999-12-31T99:99:99Z',
    () => '../../etc/passwd',
    () => '%00%ff',
    () => ({ a: { b: { c: { d: { e: {} } } } } }),
    () => pick(random, POISONS),
  ])()
}

/** A body derived from a valid one: one field poisoned, others mutated, removed or added. */
function hostileBody(random: Random, valid: Record<string, unknown>): unknown {
  if (random() < 0.05) return pick(random, [[], [valid], 'a string', 42, null, true])
  const body: Record<string, unknown> = { ...valid }
  const fields = Object.keys(valid)
  for (const field of fields) {
    const roll = random()
    if (roll < 0.15) delete body[field]
    else if (roll < 0.35) body[field] = noise(random)
  }
  if (random() < 0.3)
    body[pick(random, ['status', 'totalAmount', 'role', 'id', 'isAdmin'])] = noise(random)
  if (random() < 0.1) Object.assign(body, JSON.parse('{"__proto__": {"polluted": true}}'))
  body[pick(random, fields)] = pick(random, POISONS)
  return body
}

const TABLES = ['users', 'carriers', 'trucks', 'listings', 'bookings', 'payments', 'sessions']

async function tableCounts() {
  const counts: Record<string, number> = {}
  for (const table of TABLES) {
    const row = await db.from(table).count('* as n').first()
    counts[table] = Number(row?.n ?? 0)
  }
  return counts
}

type Endpoint = {
  path: string
  as: 'anonymous' | 'shipper' | 'carrier'
  valid: () => Record<string, unknown>
}

test.group('Fuzzing the forms people type into', (group) => {
  let shipper: User
  let carrier: User
  let listingId: number
  let truckId: number

  group.setup(async () => {
    await resetDatabase()
    shipper = await makeUser('shipper', { email: 'fuzz-shipper@example.test' })
    carrier = await makeUser('carrier', { email: 'fuzz-carrier@example.test', isApproved: true })
    const truck = await makeTruck(carrier)
    truckId = truck.id
    listingId = (await makeListing(carrier, { truck })).id
  })
  group.each.timeout(180_000)

  const endpoints: Endpoint[] = [
    {
      path: '/api/register',
      as: 'anonymous',
      valid: () => ({
        email: 'new-user@example.test',
        password: 'long-enough-secret',
        role: 'carrier',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '3125550100',
        companyName: 'Fuzz Freight LLC',
        dotNumber: '1234567',
        mcNumber: 'MC123456',
        termsAccepted: true,
        effectiveDateString: '2025-01-15',
      }),
    },
    {
      path: '/api/login',
      as: 'anonymous',
      valid: () => ({ username: 'fuzz-shipper@example.test', password: 'secret123' }),
    },
    {
      path: '/api/trucks',
      as: 'carrier',
      valid: () => ({
        make: 'Volvo',
        model: 'VNL',
        year: 2022,
        licensePlate: 'FUZZ-1',
        capacity: 24,
        truckType: 'dry_van',
      }),
    },
    {
      path: '/api/listings',
      as: 'carrier',
      valid: () => ({
        truckId,
        pickupAddress: 'Chicago, IL',
        deliveryAddress: 'Detroit, MI 48201',
        ratePerMilePerPallet: 2.5,
        maxPallets: 10,
        availableDate: businessDayFromToday(1),
      }),
    },
    {
      path: '/api/listings/search',
      as: 'shipper',
      valid: () => ({
        pickupAddress: 'Chicago, IL',
        deliveryAddress: 'Detroit, MI',
        numberOfPallets: 2,
        pickupDate: businessDayFromToday(1),
      }),
    },
    {
      path: '/api/bookings',
      as: 'shipper',
      valid: () => ({
        listingId,
        pickupAddress: 'Chicago, IL',
        deliveryAddress: 'Detroit, MI',
        numberOfPallets: 2,
        pickupDate: businessDayFromToday(1),
        deliveryDate: businessDayFromToday(2),
        specialInstructions: 'Dock 4',
      }),
    },
  ]

  for (const [index, endpoint] of endpoints.entries()) {
    test(`${COUNT} hostile bodies to ${endpoint.path}: all 4xx, nothing changed`, async ({
      client,
      assert,
    }) => {
      const random = prng(SEED + index)
      const before = await tableCounts()
      const unexpected: string[] = []
      for (let i = 0; i < COUNT; i++) {
        const body = hostileBody(random, endpoint.valid())
        let request = client
          .post(endpoint.path)
          .json(body as object)
          .withCsrfToken()
        if (endpoint.as === 'shipper') request = request.loginAs(shipper)
        if (endpoint.as === 'carrier') request = request.loginAs(carrier)
        const res = await request
        const status = res.status()
        if (status < 400 || status >= 500) {
          unexpected.push(`#${i} ${status} ${JSON.stringify(body).slice(0, 300)}`)
          if (unexpected.length >= 5) break
        } else {
          assert.isString(res.body().message, `#${i} ${status} has no message`)
        }
      }
      assert.deepEqual(unexpected, [], `seed ${SEED + index}`)
      assert.deepEqual(await tableCounts(), before)
    })
  }
})

test.group('Malformed text', (group) => {
  eachTestInTransaction(group)

  test('a lone surrogate in the email is a 422 on that field, not a 500', async ({
    client,
    assert,
  }) => {
    const res = await client
      .post('/api/register')
      .json({ email: '\ud800', password: 'secret123', role: 'shipper' })
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors, [
      {
        field: 'email',
        message: 'The email field contains invalid characters',
        rule: 'wellFormedText',
      },
    ])
  })

  test('a NUL character, a malformed key or a reserved key is a 422 naming the field', async ({
    client,
    assert,
  }) => {
    const res = await client
      .post('/api/login')
      .json({
        username: 'a\u0000b',
        password: { valueOf: 1, toString: 'x' },
        ['k\udc00']: 1,
      })
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(
      res.body().errors.map((e: { field: string; rule: string }) => [e.field, e.rule]),
      [
        ['username', 'wellFormedText'],
        ['password.valueOf', 'reservedKey'],
        ['password.toString', 'reservedKey'],
        ['k\ufffd', 'wellFormedText'],
      ]
    )
  })
})
