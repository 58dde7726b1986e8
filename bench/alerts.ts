/*
 * Saved-lane alerts at scale (docs/decisions/0239): seeds 100,000 saved lanes (ZIP3, state and
 * radius places on both sides, equipment, mode and minimum rates as carriers set them) into a
 * database of its own, then posts loads through the real FreightListingService and matches each
 * through the real AlertMatcher (the one indexed statement, the radius refined in code, the
 * alerts recorded once, the live notices): the p95 of the matching per posting beside a plain
 * post of a load in the same run (the post's listeners detached, so it is the post alone).
 *
 *   node --import=@poppinss/ts-exec bench/alerts.ts [options]
 *   DB_CONNECTION=pg PG_DB_NAME=bench node --import=@poppinss/ts-exec bench/alerts.ts
 *
 * Options: --lanes N (100000)  --posts N (300)  --reseed  --seed N
 * Lanes have email off: the mail transport is not what is measured. Not part of `npm test`.
 */
import { createRequire } from 'node:module'
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

const { values: options } = parseArgs({
  options: {
    lanes: { type: 'string', default: '100000' },
    posts: { type: 'string', default: '300' },
    seed: { type: 'string', default: '20261128' },
    reseed: { type: 'boolean', default: false },
  },
})
const LANES = Number(options.lanes)
const POSTS = Number(options.posts)
/** Lanes per carrier company: the limit, so 100,000 lanes are 2,000 companies. */
const PER_CARRIER = 50
const TARGET_P95_MS = 20

const target = useBenchDatabase()
const random = prng(Number(options.seed))
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]

type Zip = { zip: string; latitude: number; longitude: number; city: string; state: string }

/** Real ZIP centroids of the 50 states and DC (the zipcodes package the geocoder uses). */
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

const ms = (n: number) => `${n.toFixed(2)} ms`

async function main() {
  console.log(`▸ Database: ${target}`)
  const { app, db } = await bootBenchApp()
  const { DateTime } = await import('luxon')
  const { default: emitter } = await import('@adonisjs/core/services/emitter')
  const { default: FreightListingService } =
    await import('#freight_board/services/freight_listing_service')
  const { default: AlertMatcher } = await import('#alerts/services/alert_matcher')
  const rules = await import('#alerts/lane_rules')
  const { US_STATES } = await import('#core/us_states')

  const connection = db.connection()
  const isPg = connection.dialect.name === 'postgres'
  const BATCH = isPg ? 1000 : 400
  const stamp = DateTime.now().toFormat(connection.dialect.dateTimeFormat)
  const zips = usZips()
  const zip3s = [...new Set(zips.map((z) => z.zip.slice(0, 3)))]

  const place = () => {
    const roll = random()
    if (roll < 0.4) return rules.zip3Place(pick(zip3s))
    if (roll < 0.7) return rules.statePlace(pick(US_STATES))
    const at = pick(zips)
    const radius = pick([25, 50, 50, 100, 100, 150, 250])
    return rules.radiusPlace(at.zip, { ...at, label: `${at.city}, ${at.state} ${at.zip}` }, radius)
  }

  const existing = Number((await db.from('saved_lanes').count('* as n').first())?.n ?? 0)
  if (options.reseed || existing !== LANES) {
    const started = performance.now()
    const carriers = Math.ceil(LANES / PER_CARRIER)
    console.log(`▸ Seeding ${LANES.toLocaleString('en-US')} saved lanes (${carriers} carriers)`)
    await db.from('saved_lane_alerts').delete()
    await db.from('saved_lanes').delete()
    await db.from('users').where('email', 'like', '%@lanes.bench.test').delete()
    for (let i = 0; i < carriers; i += BATCH) {
      const count = Math.min(BATCH, carriers - i)
      await db.table('users').multiInsert(
        Array.from({ length: count }, (_, k) => ({
          username: `carrier${i + k}@lanes.bench.test`,
          email: `carrier${i + k}@lanes.bench.test`,
          password: 'not-a-login',
          role: 'carrier',
          first_name: 'Bench',
          last_name: `Carrier ${i + k}`,
          is_approved: true,
          approval_status: 'approved',
          created_at: stamp,
        }))
      )
    }
    const owners = (
      await db.from('users').where('email', 'like', '%@lanes.bench.test').select('id')
    ).map((r) => Number(r.id))
    const equipment = ['ANY', 'ANY', 'VAN', 'VAN', 'REEFER', 'FLATBED', 'BOX', 'SPRINTER']
    for (let done = 0; done < LANES;) {
      const count = Math.min(BATCH, LANES - done)
      await db.table('saved_lanes').multiInsert(
        Array.from({ length: count }, (_, k) => ({
          owner_user_id: owners[Math.floor((done + k) / PER_CARRIER) % owners.length],
          ...rules.placeColumns('origin', place()),
          ...rules.placeColumns('dest', place()),
          equipment_key: pick(equipment),
          mode: pick([null, null, 'TL', 'LTL']),
          min_rate_cents_per_mile: pick([null, null, 150, 200, 250, 300]),
          email: false,
          created_at: stamp,
          updated_at: stamp,
        }))
      )
      done += count
    }
    console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  if (isPg) await db.rawQuery('ANALYZE saved_lanes')
  else await db.rawQuery('ANALYZE')

  let shipper = await db.from('users').where('email', 'shipper@lanes.bench.test').first()
  if (!shipper) {
    await db.table('users').insert({
      username: 'shipper@lanes.bench.test',
      email: 'shipper@lanes.bench.test',
      password: 'not-a-login',
      role: 'shipper',
      first_name: 'Bench',
      last_name: 'Shipper',
      is_approved: true,
      approval_status: 'approved',
      created_at: stamp,
    })
    shipper = await db.from('users').where('email', 'shipper@lanes.bench.test').first()
  }

  // The plain post: no listener of freight:changed runs (the board's, the alerts'), so it is
  // the post alone; the matching is then timed on its own, on the load just posted.
  emitter.clearListeners('freight:changed')
  const posts = await app.container.make(FreightListingService)
  const matcher = await app.container.make(AlertMatcher)
  const actor = { userId: Number(shipper.id), role: 'shipper' }
  const postTimes: number[] = []
  const matchTimes: number[] = []
  const findTimes: number[] = []
  let alerts = 0
  let candidates = 0
  const warmup = Math.min(20, Math.floor(POSTS / 10))
  for (let i = 0; i < POSTS + warmup; i++) {
    const from = pick(zips)
    const to = pick(zips)
    const form = {
      origin: { postal: from.zip },
      destination: { postal: to.zip },
      equipment: pick(['VAN', 'VAN', 'REEFER', 'FLATBED', 'BOX'] as const),
      mode: pick(['TL', 'TL', 'LTL'] as const),
      price: Math.round(500 + random() * 4500),
      commodity: 'Bench freight',
    }
    const t0 = performance.now()
    const { id } = await posts.post(actor, form as any)
    const t1 = performance.now()
    const raised = await matcher.matchLoad(id)
    const t2 = performance.now()
    // The finding alone again (the statement and the exact places; nothing written or told).
    const found = await matcher.lanesFor(id)
    const t3 = performance.now()
    if (i < warmup) continue
    postTimes.push(t1 - t0)
    matchTimes.push(t2 - t1)
    findTimes.push(t3 - t2)
    alerts += raised
    candidates += found?.candidates ?? 0
  }
  postTimes.sort((a, b) => a - b)
  matchTimes.sort((a, b) => a - b)
  findTimes.sort((a, b) => a - b)
  const p = (list: number[], q: number) => percentile(list, q)
  console.log(
    `▸ ${POSTS} posts against ${LANES.toLocaleString('en-US')} lanes, ${alerts} alerts (${(alerts / POSTS).toFixed(1)} per post) from ${(candidates / POSTS).toFixed(0)} candidates per post`
  )
  console.table({
    'plain post': {
      p50: ms(p(postTimes, 50)),
      p95: ms(p(postTimes, 95)),
      p99: ms(p(postTimes, 99)),
    },
    'matching': {
      p50: ms(p(matchTimes, 50)),
      p95: ms(p(matchTimes, 95)),
      p99: ms(p(matchTimes, 99)),
    },
    'finding alone': {
      p50: ms(p(findTimes, 50)),
      p95: ms(p(findTimes, 95)),
      p99: ms(p(findTimes, 99)),
    },
  })
  const p95 = p(matchTimes, 95)
  console.log(
    `▸ finding alone p95 ${ms(p(findTimes, 95))}; matching p95 ${ms(p95)} (target < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'}), ${(p95 / p(postTimes, 95)).toFixed(2)} × a plain post's p95`
  )
  reportFigure({
    bench: 'alerts',
    what: `matching p95 per posting, ${LANES.toLocaleString('en-US')} saved lanes`,
    value: p95,
    unit: 'ms',
    reference: { what: 'plain load post p95', value: p(postTimes, 95) },
    target: `< ${TARGET_P95_MS} ms`,
    met: p95 < TARGET_P95_MS,
  })
  // The bench's loads go; the lanes stay for the next run.
  await db.from('saved_lane_alerts').delete()
  await app.terminate()
}

main().catch(failBench)
