import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { estimateRemaining, progressLine } from '../src/ui/progress.js'
import { businessDay, runTag } from '../src/seed/plan.js'
import { ok, StubApi, type Seen } from './helpers/stub-server.js'

const api = new StubApi()
beforeAll(() => api.listen())
afterAll(() => api.stop())
beforeEach(() => api.reset())

const sandbox = ok({ paymentsDriver: 'sandbox', takesRealMoney: false })

/** A deployment that accepts everything the seed sends, answering with ids as it goes. */
function acceptEverything() {
  let nextUser = 100
  const bodyOf = (seen: Seen) => JSON.parse(seen.body || '{}')
  api.replies['GET /api/admin/deployment'] = sandbox
  api.replies['POST /api/admin/sandbox/census'] = (seen) => ({
    status: 201,
    body: bodyOf(seen),
  })
  api.replies['POST /api/register'] = (seen) => {
    const body = bodyOf(seen)
    return ok({ id: nextUser++, email: body.email, role: body.role })
  }
  api.replies['PUT /api/admin/users/101/approve'] = ok({ id: 101 })
  api.replies['POST /api/admin/tokens'] = (seen) =>
    ok({
      id: 1,
      userId: bodyOf(seen).userId,
      name: 'seed',
      token: `plt_user${bodyOf(seen).userId}`,
    })
  api.replies['POST /api/trucks'] = ok({ id: 7 })
  api.replies['POST /api/listings'] = ok({ id: 8 })
  api.replies['POST /api/listings/search'] = ok([{ id: 8, listingId: 8 }])
  api.replies['POST /api/bookings'] = ok({ id: 42, reference: 'TRT-042', totalAmount: 1234.56 })
  api.replies['POST /api/create-payment-intent'] = ok({
    clientSecret: 'pi_1_secret',
    amount: 1234.56,
  })
  api.replies['POST /api/sandbox/payments/confirm'] = ok({ status: 'succeeded' })
  api.replies['POST /api/bookings/42/rate-confirmation/accept'] = ok({ status: 'accepted' })
  api.replies['PUT /api/bookings/42/status'] = ok({ id: 42 })
  api.replies['POST /api/tms/shipments/42/documents'] = { status: 201, body: { id: 5 } }
  api.replies['POST /api/freight-listings'] = ok({ id: 9 })
  api.replies['POST /api/freight-listings/9/claim'] = ok({ load: { id: 9 } })
}

const SMALL = ['seed', '--shippers', '1', '--carriers', '1', '--bookings', '1', '--loads', '1']

describe('palletline seed', () => {
  it('refuses a deployment that takes real money before changing anything', async () => {
    api.replies['GET /api/admin/deployment'] = ok({
      paymentsDriver: 'stripe',
      takesRealMoney: true,
    })
    const { exitCode, stderr, stdout } = await api.run(['seed'])
    expect(exitCode).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      `Error: refusing to seed ${api.baseUrl}: its payments driver is "stripe", which takes real money; seed only a deployment whose driver is the sandbox.\n`
    )
    expect(api.requests()).toEqual(['GET /api/admin/deployment'])
  })

  it('drives the API in order, shows progress with an ETA and a summary', async () => {
    acceptEverything()
    const { exitCode, stdout, stderr } = await api.run(SMALL)
    expect(stderr).toBe('')
    expect(exitCode).toBe(0)
    expect(api.requests()).toEqual([
      'GET /api/admin/deployment',
      'POST /api/admin/sandbox/census',
      'POST /api/register',
      'POST /api/admin/tokens',
      'POST /api/register',
      'PUT /api/admin/users/101/approve',
      'POST /api/admin/tokens',
      'POST /api/trucks',
      'POST /api/listings',
      'POST /api/listings/search',
      'POST /api/bookings',
      'POST /api/create-payment-intent',
      'POST /api/sandbox/payments/confirm',
      'POST /api/bookings/42/rate-confirmation/accept',
      'PUT /api/bookings/42/status',
      'POST /api/tms/shipments/42/documents',
      'PUT /api/bookings/42/status',
      'POST /api/freight-listings',
      'POST /api/freight-listings/9/claim',
    ])
    // Every call after the checks runs as the user it belongs to.
    const as = (request: string) =>
      api.seen.find((s) => `${s.method} ${s.url}` === request)!.authorization
    expect(as('POST /api/trucks')).toBe('Bearer plt_user101')
    expect(as('POST /api/bookings')).toBe('Bearer plt_user100')
    expect(as('POST /api/freight-listings/9/claim')).toBe('Bearer plt_user101')
    // The carrier accepts the rate confirmation before the pickup (decision 0226).
    expect(as('POST /api/bookings/42/rate-confirmation/accept')).toBe('Bearer plt_user101')
    const card = JSON.parse(api.seen.find((s) => s.url === '/api/sandbox/payments/confirm')!.body)
    expect(card).toMatchObject({ clientSecret: 'pi_1_secret', cardNumber: '4242 4242 4242 4242' })
    const moves = api.seen.filter((s) => s.url === '/api/bookings/42/status').map((s) => s.body)
    expect(moves).toEqual(['{"status":"in_transit"}', '{"status":"delivered"}'])
    // The carrier uploads the proof of delivery before it marks the booking delivered.
    const pod = api.seen.find((s) => s.url === '/api/tms/shipments/42/documents')!
    expect(pod.authorization).toBe('Bearer plt_user101')
    expect(pod.body).toMatch(/name="docType"\r\n\r\nPOD\r\n/)
    expect(pod.body).toMatch(/name="file"; filename="pod\.pdf"\r\nContent-Type: application\/pdf/)
    expect(pod.body).toContain('%PDF-')
    // The carrier registers with exactly the identity its census record was filed under.
    const census = JSON.parse(api.seen.find((s) => s.url === '/api/admin/sandbox/census')!.body)
    const carrier = JSON.parse(
      api.seen.filter((s) => s.url === '/api/register').map((s) => s.body)[1]!
    )
    expect(census.carriers).toEqual([
      {
        dotNumber: carrier.dotNumber,
        legalName: carrier.companyName,
        phone: carrier.phone,
        email: carrier.email,
      },
    ])
    expect(carrier.dotNumber).toMatch(/^9\d{7}$/)
    expect(carrier.email).toMatch(/^seed-\w+-carrier1@palletline\.test$/)

    const lines = stdout.split('\n')
    // Piped: one progress line per finished step, the count, percent and ETA on each.
    expect(lines[0]).toMatch(/^█+░* 1\/7\s+14% ETA \S+\s+Filing census records for 1 carrier/)
    expect(lines[1]).toMatch(/^█+░* 2\/7\s+28% ETA \S+\s+Registering shipper seed-\w+-shipper1@/)
    expect(lines[6]).toMatch(/^█{30} 7\/7 100% ETA 0s\s+Shipper posts load 1, a carrier claims it$/)
    expect(stdout).toMatch(/^Bookings paid and delivered\s+1\s*$/m)
    expect(stdout).toMatch(/^Charged on the sandbox card\s+\$1,234\.56\s*$/m)
    expect(stdout).toMatch(/^Loads claimed\s+1\s*$/m)
    expect(stdout).toContain('Bookings: TRT-042')
  })

  it('--json prints the summary only', async () => {
    acceptEverything()
    const { exitCode, stdout } = await api.run([...SMALL, '--json'])
    expect(exitCode).toBe(0)
    const summary = JSON.parse(stdout)
    expect(summary.carriers).toEqual([expect.stringMatching(/^seed-\w+-carrier1@/)])
    expect(summary.censusFiled).toEqual([expect.stringMatching(/^9\d{7}$/)])
    expect(summary).toMatchObject({
      bookings: ['TRT-042'],
      paidCents: 123456,
      delivered: 1,
      loadsPosted: 1,
      loadsClaimed: 1,
      loads: [9],
    })
  })

  it('a refused step stops the run, named, exit 1, and lists what it had created', async () => {
    acceptEverything()
    api.replies['POST /api/listings/search'] = ok([{ id: 3, listingId: 3 }])
    const { exitCode, stderr } = await api.run(SMALL)
    expect(exitCode).toBe(1)
    expect(stderr).toMatch(
      /Error: Shipper searches, books and pays \(booking 1\): Seed Freight \w+ 1 LLC's listing was not offered from Chicago, IL 60601 to Detroit, MI 48201\n$/
    )
    expect(stderr).toMatch(/^Run \w+ stopped; it had created:$/m)
    expect(stderr).toMatch(/^ {2}census records \(USDOT\): 9\d{7}$/m)
    expect(stderr).toMatch(/^ {2}shippers: seed-\w+-shipper1@palletline\.test$/m)
    expect(stderr).toMatch(/^ {2}carriers: seed-\w+-carrier1@palletline\.test$/m)
    expect(stderr).toMatch(/^ {2}trucks: 1, capacity listings: 1$/m)
    expect(stderr).toContain('To remove them:')
    expect(api.requests()).not.toContain('POST /api/bookings')
  })

  it('a census the server refuses stops the run before anything is created', async () => {
    acceptEverything()
    api.replies['POST /api/admin/sandbox/census'] = {
      status: 409,
      body: { message: 'Carriers are vetted by the "fmcsa" driver, which reads no sandbox census' },
    }
    const { exitCode, stderr } = await api.run(SMALL)
    expect(exitCode).toBe(1)
    expect(stderr).toMatch(/^Run \w+ stopped before it created anything\.$/m)
    expect(stderr).toMatch(/Error: Filing census records for 1 carrier\(s\): .*fmcsa/)
    expect(api.requests()).toEqual(['GET /api/admin/deployment', 'POST /api/admin/sandbox/census'])
  })

  it('bad counts exit 2 before any request', async () => {
    for (const argv of [
      ['--carriers', '11'],
      ['--shippers', 'many'],
      ['--shippers', '0'],
    ]) {
      const { exitCode } = await api.run(['seed', ...argv])
      expect(exitCode, argv.join(' ')).toBe(2)
    }
    expect(api.seen).toEqual([])
  })
})

describe('seed helpers', () => {
  it('the progress line and its ETA at the pace so far', () => {
    expect(estimateRemaining({ done: 0, total: 10, title: '', elapsedMs: 0 })).toBe('—')
    expect(estimateRemaining({ done: 2, total: 10, title: '', elapsedMs: 4000 })).toBe('16s')
    expect(estimateRemaining({ done: 1, total: 40, title: '', elapsedMs: 2000 })).toBe('1m 18s')
    expect(progressLine({ done: 5, total: 10, title: 'Booking', elapsedMs: 5000 })).toBe(
      `${'█'.repeat(15)}${'░'.repeat(15)}  5/10  50% ETA 5s  Booking`
    )
  })

  it('the business day is New York’s, and run tags differ by the clock', () => {
    // 03:00 UTC on the 2nd is still the 1st in New York.
    expect(businessDay(new Date('2026-06-02T03:00:00Z'))).toBe('2026-06-01')
    expect(businessDay(new Date('2026-06-02T03:00:00Z'), 3)).toBe('2026-06-04')
    expect(runTag(new Date(1_000_000))).not.toBe(runTag(new Date(2_000_000)))
  })
})
