/*
 * Evidence on cargo claims (docs/decisions/0245): the claim's shipper and the carrier it is
 * against attach photos and documents while it is open, at most 10 each; admins read them to
 * decide; every file is an `evidence_added` step in the claim's hash-chained audit.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import AuditService from '#payments/services/audit_service'
import { CLAIM_FILES_PER_SIDE } from '#payments/services/claim_rules'
import { MAX_UPLOAD_BYTES } from '#core/uploads'
import type User from '#accounts/models/user'
import {
  baseUrl,
  eachTestInTransaction,
  makeUser,
  resetDatabase,
  signInSessions,
} from '#tests/helpers'
import { PHOTO_PNG, POD_PDF } from '#tests/deliveries'
import {
  deliveredBooking,
  fixClock,
  makeCarrier,
  restoreClock,
} from '#payments/tests/payout_fixtures'

const DELIVERED_AT = DateTime.fromISO('2026-06-01T15:30:00Z')
const CLAIM = { type: 'damage', amountCents: 20_000, description: 'Two pallets crushed at the top' }
const filesUrl = (claimId: number | string) => `/api/claims/${claimId}/files`

/** A delivered booking with a claim filed on it by its shipper. */
async function filedClaim(client: any) {
  fixClock(DELIVERED_AT)
  const world = await deliveredBooking()
  const filed = await client
    .post(`/api/bookings/${world.booking.id}/claims`)
    .json(CLAIM)
    .loginAs(world.shipper)
    .withCsrfToken()
  filed.assertStatus(201)
  return { ...world, claimId: filed.body().id as number }
}

async function attach(
  client: any,
  user: User,
  claimId: number,
  bytes = PHOTO_PNG,
  name = 'crushed.png'
) {
  return client
    .post(filesUrl(claimId))
    .file('file', bytes, { filename: name })
    .loginAs(user)
    .withCsrfToken()
}

async function evidenceSteps(claimId: number) {
  return db.from('cargo_claim_audits').where('claim_id', claimId).where('action', 'evidence_added')
}

test.group('Claim evidence: who may attach and read', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('the parties attach; signed out 401; admins and a pending carrier 403; others 404', async ({
    client,
    assert,
  }) => {
    const { claimId, shipper, carrier } = await filedClaim(client)
    const admin = await makeUser('admin')
    const pending = await makeUser('carrier', { isApproved: false })
    const otherShipper = await makeUser('shipper')
    const otherCarrier = await makeCarrier()

    const anonymous = await client
      .post(filesUrl(claimId))
      .file('file', PHOTO_PNG, { filename: 'x.png' })
      .withCsrfToken()
    assert.equal(anonymous.status(), 401)
    for (const user of [admin, pending]) {
      assert.equal((await attach(client, user, claimId)).status(), 403, user.role)
    }
    for (const user of [otherShipper, otherCarrier.user]) {
      const res = await attach(client, user, claimId)
      res.assertStatus(404)
      assert.equal(res.body().message, 'Claim not found')
    }
    const missing = await attach(client, shipper, 999_999)
    missing.assertStatus(404)
    assert.lengthOf(await db.from('cargo_claim_files'), 0)

    const photo = await attach(client, shipper, claimId, PHOTO_PNG, 'crushed pallet.png')
    photo.assertStatus(201)
    assert.containsSubset(photo.body(), {
      side: 'shipper',
      fileName: 'crushed pallet.png',
      mimeType: 'image/png',
      size: PHOTO_PNG.length,
    })
    const survey = await attach(client, carrier.user, claimId, POD_PDF, 'loading survey.pdf')
    survey.assertStatus(201)
    assert.equal(survey.body().side, 'carrier')

    // Both parties see both files on the claim, oldest first, in its lists too.
    for (const user of [shipper, carrier.user]) {
      const detail = await client.get(`/api/claims/${claimId}`).loginAs(user)
      detail.assertStatus(200)
      assert.deepEqual(
        detail.body().files.map((f: any) => [f.side, f.fileName]),
        [
          ['shipper', 'crushed pallet.png'],
          ['carrier', 'loading survey.pdf'],
        ]
      )
      const list = await client.get('/api/claims').loginAs(user)
      assert.lengthOf(list.body().claims[0].files, 2)
    }
    const adminList = await client.get('/api/admin/claims').loginAs(admin)
    assert.lengthOf(adminList.body().claims[0].files, 2)

    // Reading a file: the parties and any admin; the bytes as sent.
    const download = photo.body().downloadUrl
    assert.equal(download, `/api/claims/${claimId}/files/${photo.body().id}`)
    for (const user of [shipper, carrier.user, admin]) {
      const res = await client.get(download).loginAs(user)
      res.assertStatus(200)
      assert.equal(res.header('content-type'), 'image/png')
      assert.include(res.header('content-disposition'), 'crushed pallet.png')
    }
    assert.equal((await client.get(download)).status(), 401)
    assert.equal((await client.get(download).loginAs(pending)).status(), 403)
    for (const user of [otherShipper, otherCarrier.user]) {
      assert.equal((await client.get(download).loginAs(user)).status(), 404)
    }
    // A file is read only through its own claim; a file id that is not a number is a 404 too.
    const second = await filedClaim(client)
    const foreign = await client
      .get(`/api/claims/${second.claimId}/files/${photo.body().id}`)
      .loginAs(second.shipper)
    foreign.assertStatus(404)
    assert.equal(foreign.body().message, 'File not found')
    assert.equal(
      (await client.get(`/api/claims/${claimId}/files/abc`).loginAs(shipper)).status(),
      404
    )
  })
})

test.group('Claim evidence: bad input changes nothing', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('no file, a JSON body, the wrong kind, a wrong extension, too large', async ({
    client,
    assert,
  }) => {
    const { claimId, shipper } = await filedClaim(client)
    const json = await client.post(filesUrl(claimId)).json({}).loginAs(shipper).withCsrfToken()
    json.assertStatus(422)
    assert.equal(json.body().errors[0].field, 'file')

    const noFile = await client
      .post(filesUrl(claimId))
      .field('note', 'no file')
      .loginAs(shipper)
      .withCsrfToken()
    noFile.assertStatus(422)
    assert.equal(noFile.body().errors[0].field, 'file')

    for (const [bytes, name] of [
      [Buffer.from('just some text'), 'photo.png'],
      [PHOTO_PNG, 'photo.pdf'],
      [Buffer.from('MZ\x90\x00 not an image'), 'photo.exe'],
    ] as const) {
      const res = await attach(client, shipper, claimId, bytes, name)
      res.assertStatus(422)
      assert.equal(res.body().errors[0].field, 'file', name)
      assert.equal(res.body().errors[0].rule, 'fileType', name)
    }

    const huge = Buffer.concat([PHOTO_PNG, Buffer.alloc(MAX_UPLOAD_BYTES)])
    const tooLarge = await attach(client, shipper, claimId, huge, 'huge.png')
    tooLarge.assertStatus(413)
    assert.equal(tooLarge.body().message, 'File too large: the limit is 10 MB')

    assert.lengthOf(await db.from('cargo_claim_files'), 0)
    assert.lengthOf(await evidenceSteps(claimId), 0)
  })
})

test.group('Claim evidence: limits, closed claims and the audit', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('10 files per side, none once settled, each one an audited step with its hash', async ({
    client,
    assert,
  }) => {
    const { claimId, shipper, carrier } = await filedClaim(client)
    for (let i = 1; i <= CLAIM_FILES_PER_SIDE; i++) {
      ;(await attach(client, shipper, claimId, PHOTO_PNG, `photo-${i}.png`)).assertStatus(201)
    }
    const eleventh = await attach(client, shipper, claimId, PHOTO_PNG, 'photo-11.png')
    eleventh.assertStatus(409)
    assert.equal(eleventh.body().message, 'At most 10 files per side may be attached to a claim')
    // The carrier's side has its own ten.
    ;(await attach(client, carrier.user, claimId, POD_PDF, 'survey.pdf')).assertStatus(201)

    const steps = await evidenceSteps(claimId)
    assert.lengthOf(steps, CLAIM_FILES_PER_SIDE + 1)
    assert.match(steps[0].note, /^photo-1\.png sha256:[0-9a-f]{64}$/)
    assert.deepEqual([...new Set(steps.map((s: any) => s.actor_role))].sort(), [
      'carrier',
      'shipper',
    ])
    const detail = await client.get(`/api/claims/${claimId}`).loginAs(shipper)
    assert.equal(detail.body().steps.at(-1).action, 'evidence_added')

    // The carrier accepts: settled, and no more evidence from either side.
    await client
      .post(`/api/claims/${claimId}/response`)
      .json({ action: 'accept' })
      .loginAs(carrier.user)
      .withCsrfToken()
      .then((res: any) => res.assertStatus(200))
    for (const user of [shipper, carrier.user]) {
      const late = await attach(client, user, claimId)
      late.assertStatus(409)
      assert.equal(late.body().message, 'This claim is settled: no more evidence is taken')
    }
    assert.lengthOf(await db.from('cargo_claim_files'), CLAIM_FILES_PER_SIDE + 1)
    for (const verdict of await new AuditService().verifyAll()) {
      assert.isTrue(verdict.ok, verdict.chain)
    }
  })
})

test.group('Claim evidence: uploads at once at a real server', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => restoreClock())
  group.each.timeout(120_000)

  test('with one place left, six uploads at once attach exactly one', async ({
    client,
    assert,
  }) => {
    const { claimId, shipper } = await filedClaim(client)
    for (let i = 1; i < CLAIM_FILES_PER_SIDE; i++) {
      ;(await attach(client, shipper, claimId, PHOTO_PNG, `photo-${i}.png`)).assertStatus(201)
    }
    const tabs = await signInSessions([shipper, shipper, shipper], [baseUrl()])
    const form = (i: number) => {
      const body = new FormData()
      body.append('file', new Blob([PHOTO_PNG], { type: 'image/png' }), `race-${i}.png`)
      return body
    }
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        tabs[i % tabs.length].request('POST', filesUrl(claimId), form(i))
      )
    )
    const statuses = answers.map((res) => res.status).sort()
    assert.deepEqual(
      statuses,
      [201, 409, 409, 409, 409, 409],
      answers.map((a) => a.text).join('\n')
    )
    assert.lengthOf(
      await db.from('cargo_claim_files').where('claim_id', claimId),
      CLAIM_FILES_PER_SIDE
    )
    assert.lengthOf(await evidenceSteps(claimId), CLAIM_FILES_PER_SIDE)
  })
})
