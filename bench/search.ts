/*
 * Carrier search at scale: seeds 100,000 active capacity listings across the US into a
 * database of its own, then times searches through the real search service (geocoding,
 * indexed bounding-box query, exact radius check, capacity, pricing, anonymous profiles).
 *
 *   node --import=@poppinss/ts-exec bench/search.ts [options]
 *   DB_CONNECTION=pg PG_DB_NAME=bench node --import=@poppinss/ts-exec bench/search.ts
 *
 * Options: --listings N (100000)  --searches N (500)  --concurrency N (1)  --reseed  --seed N
 *          --http-seconds S (5 per round; 0 skips the HTTP phase)  --http-rounds N (3)
 *          --connections N (20)  --port N (3392)
 * Then the same search over HTTP (Chicago, IL to Detroit, MI, 4 pallets) beside a signed-in
 * GET /api/user in the same run, both loaded by autocannon from this process while the app runs
 * in a process of its own on the bench database. See bench/README.md. Not part of `npm test`.
 */
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  bootBenchApp,
  failBench,
  percentile,
  prng,
  reportFigure,
  useBenchDatabase,
} from './boot.js'

const { values: options } = parseArgs({
  options: {
    'listings': { type: 'string', default: '100000' },
    'searches': { type: 'string', default: '500' },
    'concurrency': { type: 'string', default: '1' },
    'seed': { type: 'string', default: '20250115' },
    'reseed': { type: 'boolean', default: false },
    'http-seconds': { type: 'string', default: '5' },
    'http-rounds': { type: 'string', default: '3' },
    'connections': { type: 'string', default: '20' },
    'port': { type: 'string', default: '3392' },
  },
})
const LISTINGS = Number(options.listings)
const SEARCHES = Number(options.searches)
const CONCURRENCY = Math.max(1, Number(options.concurrency))
const CARRIERS = Math.max(1, Math.round(LISTINGS / 50))
const HTTP_SECONDS = Number(options['http-seconds'])
const HTTP_ROUNDS = Math.max(1, Number(options['http-rounds']))
const CONNECTIONS = Number(options.connections)

// A database of its own, never the app's or the tests'.
const target = useBenchDatabase()

const random = prng(Number(options.seed))
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]
const between = (min: number, max: number) => min + random() * (max - min)

type Zip = { zip: string; latitude: number; longitude: number; city: string; state: string }

/** Real ZIP centroids of the 50 states and DC from the zipcodes package (no APO/FPO). */
function usZips(): Zip[] {
  const zipcodes = createRequire(import.meta.url)('zipcodes') as {
    codes: Record<string, Zip>
    states: { abbr: Record<string, string> }
  }
  const states = new Set([...Object.keys(zipcodes.states.abbr), 'DC'])
  return Object.values(zipcodes.codes).filter(
    (z) =>
      /^\d{5}$/.test(z.zip) &&
      states.has(z.state) &&
      Number.isFinite(z.latitude) &&
      z.latitude > 15 &&
      z.longitude < -60
  )
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())
const label = (z: Zip) => `${titleCase(z.city)}, ${z.state} ${z.zip}`

async function main() {
  console.log(`▸ Database: ${target}`)
  const { app, db } = await bootBenchApp()
  const { DateTime } = await import('luxon')
  const { default: hash } = await import('@adonisjs/core/services/hash')
  const { default: SearchService, candidateQuery } =
    await import('#marketplace/services/search_service')
  const { default: ListingSearchService } = await import('#fleet/services/listing_search_service')

  const connection = db.connection()
  const isPg = connection.dialect.name === 'postgres'
  // knex inserts many rows on SQLite as one compound SELECT, capped at 500 terms.
  const BATCH = isPg ? 1000 : 400
  const stamp = DateTime.now().toFormat(connection.dialect.dateTimeFormat)
  const zips = usZips()

  const existing = Number((await db.from('listings').count('* as n').first())?.n ?? 0)
  if (options.reseed || existing < LISTINGS) {
    const started = performance.now()
    console.log(`▸ Seeding ${LISTINGS.toLocaleString('en-US')} listings (${CARRIERS} carriers)`)
    // The bench database holds nothing else: start from empty tables.
    for (const table of ['booking_status_changes', 'bookings', 'listings', 'trucks', 'carriers']) {
      await db.from(table).delete()
    }
    await db.from('users').where('email', 'like', '%@bench.test').delete()
    const password = await hash.make('bench-password')
    const carrierIds: number[] = []
    const truckIds = new Map<number, { id: number; capacity: number }[]>()
    for (let i = 0; i < CARRIERS; i += BATCH) {
      const count = Math.min(BATCH, CARRIERS - i)
      const users = Array.from({ length: count }, (_, k) => ({
        username: `carrier${i + k}@bench.test`,
        email: `carrier${i + k}@bench.test`,
        password,
        role: 'carrier',
        first_name: 'Bench',
        last_name: `Carrier ${i + k}`,
        is_approved: true,
        approval_status: 'approved',
        created_at: stamp,
      }))
      await db.table('users').multiInsert(users)
    }
    const userIds = (
      await db.from('users').where('email', 'like', '%@bench.test').select('id')
    ).map((r) => Number(r.id))
    for (let i = 0; i < userIds.length; i += BATCH) {
      const rows = userIds.slice(i, i + BATCH).map((userId, k) => {
        const home = pick(zips)
        return {
          user_id: userId,
          company_name: `Bench Freight ${i + k} LLC`,
          city: titleCase(home.city),
          state: home.state,
          zip_code: home.zip,
          latitude: home.latitude,
          longitude: home.longitude,
          created_at: DateTime.now()
            .minus({ days: Math.floor(between(0, 900)) })
            .toFormat(connection.dialect.dateTimeFormat),
        }
      })
      await db.table('carriers').multiInsert(rows)
    }
    for (const row of await db.from('carriers').select('id')) carrierIds.push(Number(row.id))
    const types = ['dry_van', 'dry_van', 'dry_van', 'box_truck', 'refrigerated', 'flatbed']
    const trucks = carrierIds.flatMap((carrierId) =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, (_, k) => ({
        carrier_id: carrierId,
        license_plate: `B${carrierId}-${k}`,
        truck_type: pick(types),
        capacity: pick([6, 10, 12, 16, 20, 26]),
        status: 'available',
        created_at: stamp,
      }))
    )
    for (let i = 0; i < trucks.length; i += BATCH) {
      await db.table('trucks').multiInsert(trucks.slice(i, i + BATCH))
    }
    for (const row of await db.from('trucks').select('id', 'carrier_id', 'capacity')) {
      const list = truckIds.get(Number(row.carrier_id)) ?? []
      list.push({ id: Number(row.id), capacity: Number(row.capacity) })
      truckIds.set(Number(row.carrier_id), list)
    }
    // Radii as carriers set them: mostly local, a few very wide (form default 100/80, max 500).
    const radii = [25, 25, 50, 50, 75, 100, 100, 100, 150, 200, 300, 500]
    const today = DateTime.now().setZone('America/New_York').startOf('day')
    for (let done = 0; done < LISTINGS;) {
      const count = Math.min(BATCH, LISTINGS - done)
      const rows = Array.from({ length: count }, () => {
        const carrierId = pick(carrierIds)
        const truck = pick(truckIds.get(carrierId)!)
        const from = pick(zips)
        const to = pick(zips)
        return {
          carrier_id: carrierId,
          truck_id: truck.id,
          pickup_address: label(from),
          pickup_latitude: from.latitude,
          pickup_longitude: from.longitude,
          pickup_radius: pick(radii),
          delivery_address: label(to),
          delivery_latitude: to.latitude,
          delivery_longitude: to.longitude,
          delivery_radius: pick(radii),
          rate_per_mile_per_pallet: Math.round(between(1.2, 3.6) * 100) / 100,
          max_pallets: 1 + Math.floor(random() * truck.capacity),
          available_date: today.plus({ days: Math.floor(between(-10, 30)) }).toISODate(),
          status: 'active',
          origin_address: label(from),
          origin_city: titleCase(from.city),
          origin_state: from.state,
          destination_address: label(to),
          destination_city: titleCase(to.city),
          destination_state: to.state,
          created_at: stamp,
        }
      })
      await db.table('listings').multiInsert(rows)
      done += count
      if (done % 10_000 === 0 || done === LISTINGS) {
        const seconds = (performance.now() - started) / 1000
        console.log(
          `  ${done.toLocaleString('en-US')} / ${LISTINGS.toLocaleString('en-US')} listings (${seconds.toFixed(1)} s)`
        )
      }
    }
    await connection.rawQuery('ANALYZE')
    console.log(`▸ Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } else {
    console.log(`▸ Reusing ${existing.toLocaleString('en-US')} listings (--reseed to start over)`)
  }

  // Three searches in four follow a real lane (a listing's own ZIPs, so at least it matches);
  // one in four is a random pair of US ZIPs, which usually finds nothing.
  const lanes = await db
    .from('listings')
    .where('status', 'active')
    .orderByRaw('random()')
    .limit(SEARCHES)
    .select('origin_address', 'destination_address')
  const pickupDate = DateTime.now().setZone('America/New_York').plus({ days: 7 }).toISODate()!
  const shipments = Array.from({ length: SEARCHES }, (_, i) => {
    const lane = lanes[i % lanes.length]
    const fromLane = i % 4 !== 3
    return {
      pickupAddress: fromLane ? lane.origin_address.split(' ').pop()! : pick(zips).zip,
      deliveryAddress: fromLane ? lane.destination_address.split(' ').pop()! : pick(zips).zip,
      numberOfPallets: 1 + Math.floor(random() * 6),
      pickupDate,
    }
  })

  const searchService = await app.container.make(SearchService)
  // Warm up: driver loading, prepared statements, caches.
  for (const shipment of shipments.slice(0, 10)) await searchService.search(shipment)

  const latencies: number[] = []
  let results = 0
  let shown = 0
  let empty = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < shipments.length) {
        const shipment = shipments[next++]
        const t0 = performance.now()
        const answer = await searchService.search(shipment)
        latencies.push(performance.now() - t0)
        results += answer.total
        shown += answer.offers.length
        if (answer.total === 0) empty += 1
      }
    })
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  console.log(`▸ ${SEARCHES} searches, concurrency ${CONCURRENCY}, ${target}`)
  console.log(`  median   ${percentile(latencies, 50).toFixed(1)} ms`)
  console.log(`  p95      ${percentile(latencies, 95).toFixed(1)} ms`)
  console.log(`  max      ${latencies[latencies.length - 1].toFixed(1)} ms`)
  console.log(`  rate     ${(SEARCHES / elapsed).toFixed(1)} searches/s`)
  console.log(
    `  results  ${(results / SEARCHES).toFixed(1)} matching offers per search on average (${(shown / SEARCHES).toFixed(1)} on the first page), ${empty} searches found none`
  )
  const p95 = percentile(latencies, 95)
  reportFigure({
    bench: 'search',
    what: `carrier search p95, ${LISTINGS.toLocaleString('en-US')} listings, in process`,
    value: p95,
    unit: 'ms',
    target: '< 10 ms',
    met: p95 < 10,
  })

  // The candidate query's plan for the first lane search.
  const geocoding = (await import('#plugins/geocoding/services/main')).default
  const from = await geocoding.geocode(shipments[0].pickupAddress)
  const to = await geocoding.geocode(shipments[0].deliveryAddress)
  if (from.ok && to.ok) {
    const listingSearch = await app.container.make(ListingSearchService)
    const query = listingSearch
      .candidatesQuery(
        candidateQuery({
          pickup: from.place,
          delivery: to.place,
          pallets: shipments[0].numberOfPallets,
          pickupDate,
        })
      )
      .toQuery()
    const plan = await connection.rawQuery(
      `${isPg ? 'EXPLAIN ANALYZE' : 'EXPLAIN QUERY PLAN'} ${query}`
    )
    const lines = isPg
      ? plan.rows.map((r: Record<string, string>) => r['QUERY PLAN'])
      : plan.map((r: { detail: string }) => r.detail)
    console.log('▸ Candidate query plan')
    for (const line of lines) console.log(`  ${line}`)
  }

  await app.terminate()
  if (HTTP_SECONDS > 0) await overHttp(pickupDate)
}

/**
 * The search over HTTP: the app in a process of its own on this bench database, a shipper
 * signed in through the real API, then autocannon at the signed-in GET /api/user (the
 * reference) and at POST /api/listings/search for Chicago, IL to Detroit, MI, 4 pallets.
 */
async function overHttp(pickupDate: string) {
  const { default: autocannon } = await import('autocannon')
  const { ROOT, signIn, startAppServer } = await import('./app_server.js')
  const port = Number(options.port)
  const server = await startAppServer(port, {
    SESSION_DRIVER: 'database',
    LIMITER_STORE: 'memory',
    // The compiled server runs in build/: the bench file by its absolute path.
    ...(process.env.SQLITE_FILE ? { SQLITE_FILE: resolve(ROOT, process.env.SQLITE_FILE) } : {}),
  })
  try {
    const { cookie, xsrf } = await signIn(server.url)
    const body = JSON.stringify({
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI',
      numberOfPallets: 4,
      pickupDate,
    })
    const headers = {
      'cookie': cookie,
      'x-xsrf-token': xsrf,
      'content-type': 'application/json',
      'accept': 'application/json',
    }
    const sample = await fetch(`${server.url}/api/listings/search`, {
      method: 'POST',
      headers,
      body,
    })
    const text = await sample.text()
    if (!sample.ok) throw new Error(`search over HTTP: ${sample.status} ${text.slice(0, 200)}`)
    const total = sample.headers.get('x-total-count')
    console.log(
      `▸ Over HTTP, ${CONNECTIONS} connections, ${HTTP_ROUNDS} rounds of ${HTTP_SECONDS} s each, medians: the search answers ${(JSON.parse(text) as unknown[]).length} offers${total ? ` of ${total}` : ''}, ${(text.length / 1024).toFixed(0)} kB`
    )
    const load = async (url: string, extra: Record<string, unknown> = {}) => {
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: HTTP_SECONDS,
        headers: { cookie },
        ...extra,
      })
      return {
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      }
    }
    // Alternate rounds, medians of each: the host's pace drifts over a run, and a reference
    // measured once, before the figure, can land on a fast or a slow stretch of it.
    const userRounds: Awaited<ReturnType<typeof load>>[] = []
    const searchRounds: Awaited<ReturnType<typeof load>>[] = []
    for (let round = 1; round <= HTTP_ROUNDS; round++) {
      userRounds.push(await load(`${server.url}/api/user`))
      searchRounds.push(
        await load(`${server.url}/api/listings/search`, { method: 'POST', headers, body })
      )
      console.log(
        `  round ${round}: GET /api/user ${Math.round(userRounds.at(-1)!.rps)} req/s, search ${Math.round(searchRounds.at(-1)!.rps)} req/s`
      )
    }
    const median = (rounds: typeof userRounds) =>
      [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)]
    const user = median(userRounds)
    const search = median(searchRounds)
    const ratio = search.rps / user.rps
    console.table([
      {
        'what': 'GET /api/user (signed in)',
        'req/s': Math.round(user.rps),
        'p99 ms': user.p99,
        'errors': user.errors,
        'ratio': '',
      },
      {
        'what': 'POST /api/listings/search',
        'req/s': Math.round(search.rps),
        'p99 ms': search.p99,
        'errors': search.errors,
        'ratio': ratio.toFixed(3),
      },
    ])
    reportFigure({
      bench: 'search',
      what: 'carrier search over HTTP, Chicago to Detroit, 4 pallets',
      value: search.rps,
      unit: 'req/s',
      reference: { what: 'GET /api/user, signed in', value: user.rps },
      target: '>= 0.5 of /api/user',
      met: ratio >= 0.5,
    })
  } finally {
    await server.stop()
  }
}

main().catch(failBench)
