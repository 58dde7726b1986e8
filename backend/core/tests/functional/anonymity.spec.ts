/*
 * The one anonymity rule, tested from the router (docs/decisions/0157): before payment a shipper
 * sees a carrier only as its anonymous profile, on every route it can call and every live
 * message on its channels. The test builds a shipper's world in which a carrier the shipper has
 * never paid holds a load, claims another, has an unpaid booking, accepts a drayage move and an
 * expedited job whose payment was refunded when the shipper cancelled it; and a carrier the shipper has paid before is invited and claims a load. Then it
 * calls every route a shipper may call (reads, then every change with an empty body, then the
 * reads again), as text, PDFs inflated, and searches each whole answer for the unpaid carrier's
 * identifying values: its user and carrier ids, company, DOT, MC, email, phone and contact
 * name. The known carrier's ids never appear either (a shared id would join what the shipper
 * legitimately knows to an unpaid load), nor its company on the unpaid load it claimed.
 */
import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import Carrier from '#fleet/models/carrier'
import DrayageMoveService from '#logistics/services/drayage_move_service'
import DocumentService from '#tms/services/document_service'
import { makeTerminal } from '#logistics/tests/drayage_fixtures'
import { expeditedForm, payJob } from '#logistics/tests/expedited_helpers'
import {
  Browserless,
  baseUrl,
  businessDayFromToday,
  makeUser,
  resetDatabase,
  signInSessions,
} from '#tests/helpers'
import {
  carrierOf,
  makeBooking,
  makeFreightListing,
  makeListing,
  makeTruck,
} from '#tests/factories'
import { openStream, until } from '#tests/live_stream'
import { unzip } from '#tests/zip'
import { contentStreams } from '#tests/pdf_text'

type RouteInfo = { method: string; pattern: string; roles: string[] | null; admin: boolean }

/** Every route with the roles its `role` middleware lets in (null: no role check). */
function routes(): RouteInfo[] {
  return Object.values(router.toJSON())
    .flat()
    .flatMap((route) => {
      const named = [...route.middleware.all()] as { name?: string; args?: any }[]
      const roles = (named.find((m) => m.name === 'role')?.args?.roles as string[]) ?? null
      return route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          pattern: route.pattern,
          roles,
          admin: route.pattern.startsWith('/api/admin'),
        }))
    })
}

/** Routes a shipper cannot usefully call here, and why. */
const NOT_CALLED: Record<string, string> = {
  'POST /api/logout': 'ends the session the test reads with',
  'POST /api/login': 'signing in says nothing of a carrier (the session is already signed in)',
  'POST /api/login/two-factor': 'no sign-in is pending',
  'POST /api/register': 'creates another account',
  'POST /api/webhooks/payments': 'the payment provider’s endpoint, signed, not a shipper’s',
  'POST /api/tms/feeds/:provider': 'a partner’s signed push, not a shipper’s',
  'GET /api/docs/assets/:file': 'the API reference page’s static files',
  'GET /__transmit/events': 'the live stream: read below, channel by channel',
  'POST /__transmit/subscribe': 'read below, channel by channel',
  'POST /__transmit/unsubscribe': 'read below, channel by channel',
}
const CATCH_ALL = /\*$/

const shipperMayCall = (route: RouteInfo) =>
  !route.admin &&
  (route.roles === null || route.roles.includes('shipper')) &&
  !CATCH_ALL.test(route.pattern) &&
  !(`${route.method} ${route.pattern}` in NOT_CALLED)

/** Makes the next rows of `users` and `carriers` take ids from these, so they are searchable. */
async function nextIds(userId: number, carrierId: number) {
  const connection = db.connection()
  for (const [table, next] of [
    ['users', userId],
    ['carriers', carrierId],
  ] as const) {
    if (connection.dialect.name === 'postgres') {
      await connection.rawQuery(`select setval(pg_get_serial_sequence(?, 'id'), ?, false)`, [
        table,
        next,
      ])
    } else {
      await connection.rawQuery('DELETE FROM sqlite_sequence WHERE name = ?', [table])
      await connection.rawQuery('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)', [
        table,
        next - 1,
      ])
    }
  }
}

type Identity = { label: string; numbers: string[]; words: string[] }

/** A carrier with distinctive, searchable identifying values. */
async function distinctiveCarrier(
  ids: { user: number; carrier: number },
  facts: { company: string; dot: string; mc: string; phone: string; first: string; last: string }
) {
  await nextIds(ids.user, ids.carrier)
  const user = await makeUser('carrier', {
    isApproved: true,
    email: `dispatch@${facts.company.split(' ')[0].toLowerCase()}-haulage.test`,
    firstName: facts.first,
    lastName: facts.last,
  })
  user.phone = facts.phone
  await user.save()
  const carrier = await carrierOf(user)
  carrier.merge({ companyName: facts.company, dotNumber: facts.dot, mcNumber: facts.mc })
  await carrier.save()
  const identity: Identity = {
    label: facts.company,
    numbers: [String(user.id), String(carrier.id), facts.dot, facts.mc.replace(/\D/g, '')],
    words: [
      facts.company.split(' ')[0],
      user.email,
      facts.phone,
      `${facts.phone.slice(3, 6)}-${facts.phone.slice(6)}`,
      facts.first,
      facts.last,
    ],
  }
  return { user, carrier, identity }
}

/** The identifying values found in `text`: whole numbers, and words in any case. */
function found(text: string, who: Pick<Identity, 'numbers' | 'words'>): string[] {
  const hits: string[] = []
  for (const number of who.numbers) {
    if (new RegExp(`(?<![0-9])${number}(?![0-9])`).test(text)) hits.push(number)
  }
  const lower = text.toLowerCase()
  for (const word of who.words) if (lower.includes(word.toLowerCase())) hits.push(word)
  return hits
}

/** The text a PDF shows: the raw file, and each content stream with its hex and literal strings decoded. */
function pdfText(bytes: Buffer): string {
  const parts: string[] = [bytes.toString('latin1')]
  for (const content of contentStreams(bytes)) {
    parts.push(content)
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f\s]+)>/g)) {
      parts.push(Buffer.from(hex.replace(/\s/g, ''), 'hex').toString('latin1'))
    }
    for (const [, literal] of content.matchAll(/\(((?:\\.|[^\\)])*)\)/g)) parts.push(literal)
  }
  return parts.join('\n')
}

/** GET or change `path` as the session, the answer as text (PDFs as the text they show). */
/** A ZIP (the booking's document bundle) as its entries' text, each PDF as the text it shows. */
async function zipText(bytes: Buffer): Promise<string> {
  const shown: string[] = []
  for (const [path, content] of await unzip(bytes)) {
    const isPdf = content.subarray(0, 5).toString('latin1') === '%PDF-'
    shown.push(`== ${path}`, isPdf ? `%PDF- ${pdfText(content)}` : content.toString('utf8'))
  }
  return shown.join('\n')
}

async function answerText(session: Browserless, method: string, path: string) {
  const headers: Record<string, string> = {
    'accept': 'application/json',
    'cookie': session.cookieHeader(),
    'content-type': 'application/json',
  }
  if (method !== 'GET') {
    headers['x-xsrf-token'] = decodeURIComponent(session.cookies.get('XSRF-TOKEN') ?? '')
  }
  const res = await fetch(baseUrl() + path, {
    method,
    headers,
    body: method === 'GET' ? undefined : '{}',
  })
  const bytes = Buffer.from(await res.arrayBuffer())
  const type = res.headers.get('content-type') ?? ''
  const text = type.includes('pdf')
    ? pdfText(bytes)
    : type.includes('zip')
      ? await zipText(bytes)
      : bytes.toString('utf8')
  const headerText = [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')
  return { status: res.status, text: `${headerText}\n${text}` }
}

test.group('Anonymity: one rule, every route and live message a shipper can reach', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(240_000)

  test('no identifying value of an unpaid carrier reaches the shipper', async ({ assert }) => {
    const shipperUser = await makeUser('shipper')

    // A carrier the shipper paid before: known by name, never by id.
    const known = await distinctiveCarrier(
      { user: 6_120_001, carrier: 6_240_001 },
      {
        company: 'Larkspur Freightways Inc.',
        dot: '2817364',
        mc: 'MC771904',
        phone: '4145550163',
        first: 'Ottoline',
        last: 'Brackenridge',
      }
    )
    const paidBooking = await makeBooking(shipperUser, await makeListing(known.user))

    // The carrier the shipper has never paid.
    const unpaid = await distinctiveCarrier(
      { user: 7_390_001, carrier: 7_520_001 },
      {
        company: 'Quillfeather Haulage LLC',
        dot: '3920417',
        mc: 'MC884213',
        phone: '6085550177',
        first: 'Wendeline',
        last: 'Quarrington',
      }
    )
    // An ordinary id again for whatever comes next, so no later row shares the searched ones.
    await nextIds(100_001, 100_001)
    const unpaidListing = await makeListing(unpaid.user)
    await makeTruck(unpaid.user, { truckType: 'dry_van', capacity: 20 })
    const unpaidBooking = await makeBooking(shipperUser, unpaidListing, {
      status: 'pending',
      paymentStatus: 'pending',
    })

    const [shipper, carrier, knownCarrier] = await signInSessions(
      [shipperUser, unpaid.user, known.user],
      [baseUrl()]
    )

    // The shipper listens on every channel it may before anything happens.
    const uid = randomUUID()
    const stream = openStream(uid, shipper.cookieHeader())
    await stream.ready
    const channels = [
      `expedited/shipper/${shipperUser.id}`,
      'freight/public',
      // Its own notices (docs/decisions/0171): a hold, a claim, a booking's status.
      `users/${shipperUser.id}`,
    ]
    for (const channel of channels) {
      const sub = await shipper.request('POST', '/__transmit/subscribe', { uid, channel })
      assert.equal(sub.status, 204, `${channel}: ${sub.text}`)
    }

    try {
      // A hold alone; a hold and a claim (an unpaid booking of the claimed load).
      const held = await makeFreightListing(shipperUser)
      const claimed = await makeFreightListing(shipperUser)
      const ok = (res: { status: number; text: string }, what: string) =>
        assert.isBelow(res.status, 300, `${what}: ${res.status} ${res.text}`)
      ok(await carrier.request('POST', `/api/freight-listings/${held.id}/hold`, {}), 'hold')
      ok(await carrier.request('POST', `/api/freight-listings/${claimed.id}/hold`, {}), 'hold')
      const claim = await carrier.request('POST', `/api/freight-listings/${claimed.id}/claim`, {})
      ok(claim, 'claim')
      // An offer by the unpaid carrier on a load that takes offers (decision 0234).
      const offered = await makeFreightListing(shipperUser)
      ok(
        await shipper.request('PUT', `/api/freight-listings/${offered.id}/offer-terms`, {
          allow_offers: true,
        }),
        'offer terms'
      )
      const offer = await carrier.request('POST', `/api/freight-listings/${offered.id}/offers`, {
        amount_cents: 80_000,
        note: 'Empty in Joliet tomorrow',
        expires_in_hours: 12,
      })
      ok(offer, 'offer')
      const offerSeen = await shipper.request('GET', `/api/freight-listings/${offered.id}/offers`)
      ok(offerSeen, 'offers')
      assert.match(offerSeen.body.offers[0].carrier_label, /^Verified carrier #\d{4}$/)

      // The trail names the holder and the claimant by their label, never by id.
      const trail = await shipper.request('GET', `/api/freight-listings/${claimed.id}/audits`)
      ok(trail, 'trail')
      for (const action of ['held', 'claimed']) {
        const entry = trail.body.find((e: { action: string }) => e.action === action)
        assert.match(entry?.meta?.carrier, /^Verified carrier #\d{4}$/, trail.text)
        assert.notProperty(entry.meta, 'carrier_id')
      }

      // An invite to the known carrier; the known carrier claims another load, unpaid.
      const invited = await makeFreightListing(shipperUser)
      const candidates = await shipper.request(
        'GET',
        `/api/shipper/freight-listings/${invited.id}/invite-candidates`
      )
      ok(candidates, 'candidates')
      const candidate = candidates.body.find(
        (c: { companyName: string }) => c.companyName === known.identity.label
      )
      assert.exists(candidate, candidates.text)
      ok(
        await shipper.request('POST', `/api/freight-listings/${invited.id}/invites`, {
          candidateId: candidate.candidateId,
        }),
        'invite'
      )
      const knownClaim = await makeFreightListing(shipperUser)
      const knownClaimed = await knownCarrier.request(
        'POST',
        `/api/freight-listings/${knownClaim.id}/claim`,
        {}
      )
      ok(knownClaimed, 'claim by the known carrier')

      // An expedited job the unpaid carrier accepted and drove to the pickup, then the shipper
      // cancelled it: paid for (decision 0188) and refunded, so the shipper never paid for that
      // carrier, which stays anonymous like a refunded booking's (decisions 0157, 0188).
      const job = await shipper.request('POST', '/api/expedited-jobs', expeditedForm())
      ok(job, 'expedited request')
      const jobId = job.body.job.id
      ok(await payJob(shipper, jobId), 'expedited payment')
      ok(await carrier.request('POST', `/api/expedited-jobs/${jobId}/accept`, {}), 'accept')
      ok(
        await carrier.request('POST', `/api/expedited-jobs/${jobId}/position`, {
          lat: 41.59,
          lng: -87.35,
        }),
        'position'
      )
      const refunded = await shipper.request('POST', `/api/expedited-jobs/${jobId}/cancel`, {})
      ok(refunded, 'expedited cancel')
      assert.equal(refunded.body.paymentStatus, 'refunded', refunded.text)
      assert.match(refunded.body.carrierName, /^Verified carrier #\d{4}$/, refunded.text)
      // And one awaiting its payment: no carrier on it, offered to none.
      const unpaidJob = await shipper.request('POST', '/api/expedited-jobs', expeditedForm())
      ok(unpaidJob, 'unpaid expedited request')

      // A drayage move the unpaid carrier accepted, with a pickup window it asked for.
      const terminal = await makeTerminal()
      const drayage = await app.container.make(DrayageMoveService)
      const move = await drayage.create(shipperUser.id, {
        containerNo: 'CSQU3054383',
        terminalCode: terminal.code,
        availableOn: businessDayFromToday(0),
        deliveryAddress: '2400 E Artesia Blvd, Long Beach, CA 90805',
      })
      ok(await carrier.request('POST', `/api/drayage/moves/${move.id}/accept`, {}), 'dray accept')

      const claimBookings: number[] = [claim.body.booking_id]
      const knownClaimBookings: number[] = [knownClaimed.body.booking_id]
      // Bills of lading of the unpaid bookings, as issued when a booking is confirmed.
      const paperwork = await app.container.make(DocumentService)
      const unpaidBookings = [unpaidBooking.id, ...claimBookings, ...knownClaimBookings]
      const documentPath = (id: number) => `GET /api/tms/documents/${id}/download`
      const unpaidPaper: string[] = []
      // The PDFs checked are the ones this world issued: a listener of an earlier test still
      // running after the reset once wrote a document for a booking that took its id (it is
      // walked like every document, and names no carrier of this world).
      for (const id of unpaidBookings) {
        const bol = await paperwork.issueBillOfLading(id)
        if (bol) unpaidPaper.push(documentPath(bol.id))
      }
      assert.isAtLeast(unpaidPaper.length, 2, 'the unpaid bookings have their bills of lading')
      // The paid booking's paperwork too, as its payment issues it: it names the known carrier.
      const paidBol = await paperwork.issueBillOfLading(paidBooking.id)
      const paidPaper = paidBol ? [documentPath(paidBol.id)] : []
      await paperwork.issueRateConfirmation(paidBooking.id)
      const documents = (
        await db.from('documents').where('shipper_id', shipperUser.id).select('id')
      ).map((row: { id: number }) => row.id)
      const invoices = (
        await db
          .from('advanced_invoices')
          .select('id')
          .catch(() => [] as { id: number }[])
      ).map((row: { id: number }) => row.id)

      /** The records of the shipper's world a path parameter may name. */
      const values = (pattern: string, name: string): (number | string)[] => {
        if (name === 'chargeId' || name === 'token') return [0]
        if (name === 'offerId') return [offer.body.id]
        if (name === 'accountId') return ['acct_none']
        if (name !== 'id') return [0]
        if (/\/freight-listings\//.test(pattern)) {
          return [held.id, claimed.id, invited.id, knownClaim.id, offered.id]
        }
        if (/^\/api\/(bookings?|tms\/shipments)\//.test(pattern)) {
          return [unpaidBooking.id, paidBooking.id, ...claimBookings, ...knownClaimBookings]
        }
        if (pattern.startsWith('/api/listings/')) return [unpaidListing.id]
        if (pattern.startsWith('/api/expedited-jobs/')) return [jobId, unpaidJob.body.job.id]
        if (pattern.startsWith('/api/drayage/moves/')) return [move.id]
        if (pattern.startsWith('/api/tms/documents/')) return documents.length ? documents : [0]
        if (pattern.startsWith('/api/advanced-invoices/')) return invoices.length ? invoices : [0]
        return [0]
      }
      /** Routes about the unpaid load the known carrier claimed: its company must not show. */
      const aboutKnownClaim = (path: string) =>
        (path.includes(`/freight-listings/${knownClaim.id}/`) &&
          !path.endsWith('/invite-candidates')) ||
        knownClaimBookings.some((id) => new RegExp(`/(bookings?|shipments)/${id}(/|$)`).test(path))

      const callable = routes().filter(shipperMayCall)
      assert.isAbove(callable.length, 40)
      const paths = (route: RouteInfo) => {
        let expanded = [route.pattern]
        for (const name of [...route.pattern.matchAll(/:(\w+)/g)].map((m) => m[1])) {
          expanded = expanded.flatMap((p) =>
            values(route.pattern, name).map((v) => p.replace(`:${name}`, String(v)))
          )
        }
        return expanded
      }

      const leaks: string[] = []
      const statuses: number[] = []
      const pdfs: { path: string; text: string }[] = []
      const check = async (route: RouteInfo) => {
        for (const path of paths(route)) {
          const { status, text } = await answerText(shipper, route.method, path)
          statuses.push(status)
          if (text.includes('%PDF-')) pdfs.push({ path: `${route.method} ${path}`, text })
          if (status >= 500) leaks.push(`${route.method} ${path}: ${status}`)
          const hits = found(text, unpaid.identity)
          hits.push(...found(text, { numbers: known.identity.numbers.slice(0, 2), words: [] }))
          if (aboutKnownClaim(path)) {
            hits.push(...found(text, { numbers: [], words: [known.identity.words[0]] }))
          }
          if (hits.length) leaks.push(`${route.method} ${path} (${status}): ${hits.join(', ')}`)
        }
      }
      const reads = callable.filter((r) => r.method === 'GET')
      const changes = callable.filter((r) => r.method !== 'GET')
      for (const route of reads) await check(route)
      for (const route of changes) await check(route)
      for (const route of reads) await check(route)

      // The session stayed signed in throughout: most answers are not 401.
      assert.isBelow(
        statuses.filter((s) => s === 401).length,
        statuses.length / 10,
        'the shipper was signed out'
      )
      assert.deepEqual(leaks, [])
      // The PDFs were read as the text they show: an unpaid booking's carrier is not named, a
      // paid one's is.
      const pdfAt = (path: string) => pdfs.filter((pdf) => pdf.path === path)
      for (const path of unpaidPaper) {
        assert.isNotEmpty(pdfAt(path), `${path} answered no PDF`)
        for (const pdf of pdfAt(path)) {
          assert.include(pdf.text, 'Revealed once the booking is paid', `${path}:\n${pdf.text}`)
        }
      }
      for (const path of paidPaper) {
        assert.isNotEmpty(pdfAt(path), `${path} answered no PDF`)
        for (const pdf of pdfAt(path)) assert.include(pdf.text, 'Larkspur Freightways', path)
      }
      // The paid booking's bundle was read inside (docs/decisions/0250): its paperwork names
      // the known carrier; the unpaid bookings have none.
      const paidBundle = pdfAt(`GET /api/bookings/${paidBooking.id}/bundle`)
      assert.isNotEmpty(paidBundle, 'the paid booking answered no bundle')
      for (const bundle of paidBundle) assert.include(bundle.text, 'Larkspur Freightways')

      await until(() => stream.messages.length >= 3)
      const liveText = JSON.stringify(stream.messages)
      assert.deepEqual(found(liveText, unpaid.identity), [], liveText)
      assert.deepEqual(found(liveText, { numbers: known.identity.numbers, words: [] }), [])
    } finally {
      stream.close()
    }
  })

  test('the searched ids are the ones the carriers get', async ({ assert }) => {
    // The ids searched above are distinctive only if the sequences move as the test expects.
    const first = await makeUser('shipper')
    await nextIds(5_550_001, 5_660_001)
    const user = await makeUser('carrier', { isApproved: true })
    assert.equal(user.id, 5_550_001)
    assert.equal((await Carrier.findByOrFail('userId', user.id)).id, 5_660_001)
    assert.isBelow(first.id, 5_550_001)
  })
})
