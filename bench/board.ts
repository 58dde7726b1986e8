/*
 * The freight board at scale: seeds 100,000 open loads into a database of its own, starts the
 * real server, and at 100 connections measures the board read (GET /api/freight-listings, as
 * an approved carrier with a bearer token) beside GET /api/health in the same run; then fires
 * 50 parallel claims at each of 100 loads and counts the winners (exactly 1 each).
 *
 *   node --import=@poppinss/ts-exec bench/board.ts [options]
 *   DB_CONNECTION=pg PG_DB_NAME=bench node --import=@poppinss/ts-exec bench/board.ts
 *
 * Options: --loads N (100000)  --duration S (10)  --connections N (100)  --claim-loads N (100)
 *          --claimants N (50)  --port N (3591)  --reseed  --seed N
 * See bench/README.md. Not part of `npm test`.
 */
import { createRequire } from 'node:module'
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import {
  bootBenchApp,
  failBench,
  percentile,
  prng,
  reportFigure,
  useBenchDatabase,
} from './boot.js'
import { ROOT, startAppServer } from './app_server.js'
import { clear as clearBookingsAndMoney } from './payout_seed.js'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The claimants' client: node:http over kept-alive connections, one per claimant, as 50
 * carriers' browsers would hold. `fetch` costs this process about a millisecond per request,
 * so 50 at once leave its queue spread over 50 ms before the server sees the last.
 */
const claimAgent = new http.Agent({ keepAlive: true, maxSockets: 1000 })
function post(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: claimAgent, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

const { values: options } = parseArgs({
  options: {
    'loads': { type: 'string', default: '100000' },
    'duration': { type: 'string', default: '10' },
    'connections': { type: 'string', default: '100' },
    'rounds': { type: 'string', default: '3' },
    'claim-loads': { type: 'string', default: '100' },
    'claimants': { type: 'string', default: '50' },
    'port': { type: 'string', default: '3591' },
    'seed': { type: 'string', default: '20261124' },
    'reseed': { type: 'boolean', default: false },
  },
})
const LOADS = Number(options.loads)
const DURATION = Number(options.duration)
const CONNECTIONS = Number(options.connections)
const ROUNDS = Math.max(1, Number(options.rounds))
const CLAIM_LOADS = Number(options['claim-loads'])
const CLAIMANTS = Number(options.claimants)
const PORT = Number(options.port)

const target = useBenchDatabase()
const random = prng(Number(options.seed))
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]

type Zip = { zip: string; latitude: number; longitude: number; city: string; state: string }

function usZips(): Zip[] {
  const zipcodes = createRequire(import.meta.url)('zipcodes') as {
    codes: Record<string, Zip>
    states: { abbr: Record<string, string> }
  }
  const states = new Set([...Object.keys(zipcodes.states.abbr), 'DC'])
  return Object.values(zipcodes.codes).filter(
    (z) => /^\d{5}$/.test(z.zip) && states.has(z.state) && z.latitude > 15 && z.longitude < -60
  )
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())

/** The app's own server on PORT against the bench database. */
/** The bench carriers' USDOT numbers, outside the demo census's range. */
const benchDot = (i: number) => String(9_100_000 + i)

/**
 * Claims re-check each claimant's vetting (decision 0091), so the bench's carriers get a census
 * of their own in the FMCSA layout the census_file driver reads: active, authorised for years,
 * insured above the minimum, MCS-150 current.
 */
function writeBenchCensus(count: number): string {
  const file = join(ROOT, 'tmp', 'bench-board-census.json')
  const today = new Date().toISOString().slice(0, 10)
  const carriers = Array.from({ length: count }, (_, i) => ({
    dotNumber: benchDot(i),
    legalName: `BOARD BENCH ${i} LLC`,
    dbaName: null,
    statusCode: 'A',
    allowedToOperate: 'Y',
    commonAuthorityStatus: 'A',
    contractAuthorityStatus: 'N',
    brokerAuthorityStatus: 'N',
    authorityGrantDate: '2015-01-05',
    oosDate: null,
    bipdInsuranceRequired: 'Y',
    bipdInsuranceOnFile: '1000',
    bipdRequiredAmount: '750',
    mcs150Date: today,
    mcs150Outdated: 'N',
    telephone: null,
    emailAddress: `carrier${i}@board-bench.test`,
  }))
  writeFileSync(file, JSON.stringify({ source: 'bench/board.ts', snapshotDate: today, carriers }))
  return file
}

function startServer() {
  return startAppServer(
    PORT,
    { FMCSA_CENSUS_FILE: writeBenchCensus(CLAIMANTS), CARRIER_VETTING_DRIVER: 'census_file' },
    { log: 'tmp/bench-board-server.log' }
  )
}

/** autocannon for `seconds` at CONNECTIONS, every response time kept for exact percentiles. */
async function load(url: string, headers: Record<string, string>) {
  const { default: autocannon } = await import('autocannon')
  const times: number[] = []
  const result = await new Promise<import('autocannon').Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers },
      (error, summary) => (error ? reject(error) : resolve(summary))
    )
    instance.on('response', (_client, _status, _bytes, time) => times.push(time))
  })
  times.sort((a, b) => a - b)
  return {
    rps: result.requests.average as number,
    non2xx: result.non2xx as number,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  }
}

type Load = Awaited<ReturnType<typeof load>>

/**
 * The reference and the board read alternately, ROUNDS times, each figure the round with the
 * median throughput: a burst of other work on the machine then weighs on both alike.
 */
async function alternate(a: () => Promise<Load>, b: () => Promise<Load>) {
  const as: Load[] = []
  const bs: Load[] = []
  for (let round = 0; round < ROUNDS; round++) {
    as.push(await a())
    bs.push(await b())
  }
  const median = (runs: Load[]) =>
    [...runs].sort((x, y) => x.rps - y.rps)[Math.floor((runs.length - 1) / 2)]
  return [median(as), median(bs)] as const
}

async function main() {
  console.log(`▸ Database: ${target}`)
  const { app, db } = await bootBenchApp()
  const { DateTime } = await import('luxon')
  const { default: hash } = await import('@adonisjs/core/services/hash')
  const { default: User } = await import('#accounts/models/user')
  const connection = db.connection()
  const isPg = connection.dialect.name === 'postgres'
  const BATCH = isPg ? 1000 : 400
  const format = connection.dialect.dateTimeFormat
  const now = DateTime.now()
  const stamp = now.toFormat(format)
  const zips = usZips()
  const equipment = ['VAN', 'VAN', 'VAN', 'REEFER', 'FLATBED', 'BOX', 'SPRINTER']
  const modes = ['TL', 'TL', 'LTL', 'EXP']

  const openLoads = Number(
    (await db.from('freight_listings').where('status', 'OPEN').count('* as n').first())?.n ?? 0
  )
  if (options.reseed || openLoads < LOADS) {
    const started = performance.now()
    console.log(`▸ Seeding ${LOADS.toLocaleString('en-US')} open loads`)
    // The payouts bench's bookings and money rows (an earlier `npm run bench`) refer to bookings.
    await clearBookingsAndMoney(db)
    for (const table of [
      'freight_listing_audits',
      'freight_listing_invites',
      'freight_listings',
      'booking_status_changes',
      'bookings',
      'auth_access_tokens',
    ]) {
      await db.from(table).delete()
    }
    await db
      .from('carriers')
      .whereIn(
        'user_id',
        db.from('users').where('email', 'like', '%@board-bench.test').select('id')
      )
      .delete()
    await db.from('users').where('email', 'like', '%@board-bench.test').delete()
    const password = await hash.make('bench-password')
    await db.table('users').insert({
      username: 'shipper@board-bench.test',
      email: 'shipper@board-bench.test',
      password,
      role: 'shipper',
      first_name: 'Bench',
      last_name: 'Shipper',
      is_approved: true,
      approval_status: 'approved',
      created_at: stamp,
    })
    const shipper = await db.from('users').where('email', 'shipper@board-bench.test').first()
    for (let done = 0; done < LOADS;) {
      const count = Math.min(BATCH, LOADS - done)
      const rows = Array.from({ length: count }, () => {
        const from = pick(zips)
        const to = pick(zips)
        const pickup = now.plus({ hours: Math.floor(random() * 24 * 14) - 24 })
        const distance = Math.round(100 + random() * 1500)
        const pallets = 1 + Math.floor(random() * 26)
        return {
          shipper_id: shipper.id,
          origin_postal: from.zip,
          origin_city: titleCase(from.city),
          origin_state: from.state,
          origin_latitude: from.latitude,
          origin_longitude: from.longitude,
          dest_postal: to.zip,
          dest_city: titleCase(to.city),
          dest_state: to.state,
          dest_latitude: to.latitude,
          dest_longitude: to.longitude,
          equipment: pick(equipment),
          mode: pick(modes),
          pallets,
          weight_lbs: pallets * 900,
          dims: JSON.stringify({ l: 48, w: 40, h: 60 }),
          pickup_earliest: pickup.toFormat(format),
          delivery_latest: pickup.plus({ days: 3 }).toFormat(format),
          distance_miles: distance,
          eta_hours: Math.round((distance / 50) * 10) / 10,
          status: 'OPEN',
          payment_status: random() < 0.2 ? 'FUNDED' : 'UNFUNDED',
          price_cents: Math.round(distance * (150 + random() * 200)),
          expires_at: pickup.plus({ days: 3 }).toFormat(format),
          created_at: stamp,
        }
      })
      await db.table('freight_listings').multiInsert(rows)
      done += count
      if (done % 20_000 === 0 || done === LOADS) {
        console.log(
          `  ${done.toLocaleString('en-US')} / ${LOADS.toLocaleString('en-US')} (${((performance.now() - started) / 1000).toFixed(1)} s)`
        )
      }
    }
    await connection.rawQuery('ANALYZE')
    console.log(`▸ Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } else {
    console.log(
      `▸ Reusing ${openLoads.toLocaleString('en-US')} open loads (--reseed to start over)`
    )
  }

  // Approved carriers with bearer tokens (no session, no CSRF): one per claimant.
  const tokens: string[] = []
  const password = await hash.make('bench-password')
  for (let i = 0; i < CLAIMANTS; i++) {
    const email = `carrier${i}@board-bench.test`
    let user = await User.findBy('email', email)
    if (!user) {
      user = await User.create({
        username: email,
        email,
        password,
        role: 'carrier',
        firstName: 'Bench',
        lastName: `Carrier ${i}`,
        isApproved: true,
        approvalStatus: 'approved',
      })
      await db.table('carriers').insert({
        user_id: user.id,
        company_name: `Board Bench ${i} LLC`,
        created_at: stamp,
      })
    }
    await db
      .from('carriers')
      .where('user_id', user.id)
      .update({ dot_number: benchDot(i) })
    const token = await User.accessTokens.create(user, ['*'], { name: 'bench', expiresIn: '1 day' })
    tokens.push(token.value!.release())
  }

  const server = await startServer()
  try {
    // The board's reads as a browser sends them: every browser accepts gzip (decision 0072).
    const plain = { authorization: `Bearer ${tokens[0]}`, accept: 'application/json' }
    const auth = { ...plain, 'accept-encoding': 'gzip, deflate, br' }
    console.log(
      `▸ ${CONNECTIONS} connections, ${DURATION} s each; health and the board alternately, ${ROUNDS} rounds (medians)`
    )
    const [health, board] = await alternate(
      () => load(`${server.url}/api/health`, { accept: 'application/json' }),
      () => load(`${server.url}/api/freight-listings`, auth)
    )
    const uncompressed = await load(`${server.url}/api/freight-listings`, plain)
    const filtered = await load(
      `${server.url}/api/freight-listings?equipment=VAN&mode=TL&origin_zip=606`,
      auth
    )
    // What a carrier's 30-second poll or live refetch costs when nothing changed: the browser
    // sends the page's ETag back and gets a 304 (decision 0072).
    const etag = (await fetch(`${server.url}/api/freight-listings`, { headers: auth })).headers.get(
      'etag'
    )
    const refresh = etag
      ? await load(`${server.url}/api/freight-listings`, { ...auth, 'if-none-match': etag })
      : null
    const row = (name: string, r: Load) =>
      `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} rps   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   non-2xx ${r.non2xx}`
    console.log(row('GET /api/health', health))
    console.log(row('GET /api/freight-listings (gzip)', board))
    console.log(row('  the same, no Accept-Encoding', uncompressed))
    console.log(row('  ?equipment=VAN&mode=TL&origin_zip=606', filtered))
    if (refresh) console.log(row('  unchanged, If-None-Match (304s)', refresh))
    console.log(
      `  board / health throughput ratio: ${(board.rps / health.rps).toFixed(2)} (target ≥ 0.6, p99 < 50 ms)`
    )
    reportFigure({
      bench: 'board',
      what: `board read, ${LOADS.toLocaleString('en-US')} loads, ${CONNECTIONS} connections`,
      value: board.rps,
      unit: 'req/s',
      reference: { what: 'GET /api/health', value: health.rps },
      target: '>= 0.6 of /api/health',
      met: board.rps / health.rps >= 0.6,
    })
    if (refresh) {
      reportFigure({
        bench: 'board',
        what: 'board refresh, unchanged (304)',
        value: refresh.rps,
        unit: 'req/s',
        reference: { what: 'GET /api/health', value: health.rps },
        target: '>= 0.6 of /api/health',
        met: refresh.rps / health.rps >= 0.6,
      })
    }
    reportFigure({
      bench: 'board',
      what: 'board read p99',
      value: board.p99,
      unit: 'ms',
      target: '< 50 ms',
      met: board.p99 < 50,
    })

    // Claims: CLAIMANTS carriers at once on each of CLAIM_LOADS fresh loads.
    const ids = (
      await db
        .from('freight_listings')
        .where('status', 'OPEN')
        .whereNull('hold_carrier_id')
        .orderBy('id', 'desc')
        .limit(CLAIM_LOADS)
        .select('id')
    ).map((r) => Number(r.id))
    const winners: number[] = []
    const claimTimes: number[] = []
    for (const id of ids) {
      const results = await Promise.all(
        tokens.map(async (token) => {
          const started = performance.now()
          const status = await post(`${server.url}/api/freight-listings/${id}/claim`, {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
          })
          claimTimes.push(performance.now() - started)
          return status
        })
      )
      winners.push(results.filter((s) => s === 200).length)
      const odd = results.filter((s) => s !== 200 && s !== 409)
      if (odd.length) console.log(`  load ${id}: unexpected statuses ${odd.join(', ')}`)
    }
    claimTimes.sort((a, b) => a - b)
    const exact = winners.filter((w) => w === 1).length
    console.log(
      `▸ Claims: ${CLAIMANTS} at once on each of ${ids.length} loads: ${exact}/${ids.length} loads with exactly 1 winner` +
        (exact === ids.length ? '' : ` (winners: ${winners.join(',')})`)
    )
    reportFigure({
      bench: 'board',
      what: `loads with exactly one winner of ${CLAIMANTS} claims`,
      value: exact,
      unit: `of ${ids.length}`,
      target: 'all of them',
      met: exact === ids.length,
    })
    reportFigure({
      bench: 'board',
      what: 'claim p99',
      value: percentile(claimTimes, 99),
      unit: 'ms',
      target: '< 100 ms',
      met: percentile(claimTimes, 99) < 100,
    })
    console.log(
      `  claim p50 ${percentile(claimTimes, 50).toFixed(1)} ms   p95 ${percentile(claimTimes, 95).toFixed(1)} ms   p99 ${percentile(claimTimes, 99).toFixed(1)} ms (target p99 < 100 ms)`
    )
  } finally {
    claimAgent.destroy()
    await server.stop()
  }
  // The booted app keeps timers (the scheduler's) and pools open: terminate it.
  await app.terminate()
}

main().catch(failBench)
