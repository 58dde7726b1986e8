import { test } from '@japa/runner'
import drive from '@adonisjs/drive/services/main'
import Carrier from '#fleet/models/carrier'
import CarrierVetting from '#trust/models/carrier_vetting'
import { businessDayFromToday, eachTestInTransaction, makeUser } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { testCensus } from '#tests/vetting'
import { carrierWithCensus, censusFor, PDF_BYTES, PNG_BYTES } from './world.js'

const INSURANCE = '/api/carrier/insurance'

function upload(client: any, user: any, bytes: Buffer, filename: string, expiresOn?: string) {
  const req = client.post(INSURANCE).file('file', bytes, { filename })
  if (expiresOn !== undefined) req.field('expiresOn', expiresOn)
  return req.loginAs(user).withCsrfToken()
}

test.group('Insurance certificate upload', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    drive.fake('fs')
    return () => {
      drive.restore('fs')
      testCensus.reset()
    }
  })

  test('a PDF with its expiry is stored privately, re-vets the carrier and verifies it', async ({
    client,
    assert,
  }) => {
    const { user, carrier } = await carrierWithCensus()
    await Carrier.query().where('id', carrier.id).update({
      insurance_document: null,
      insurance_expires_on: null,
      verified: false,
    })
    const expiresOn = businessDayFromToday(200)
    const res = await upload(client, user, PDF_BYTES, 'coi.pdf', expiresOn)
    res.assertStatus(201)
    assert.deepInclude(res.body(), { hasCertificate: true, expiresOn, verified: true })
    assert.equal(res.body().vetting.trigger, 'insurance')
    assert.equal(res.body().vetting.result, 'pass')
    const saved = await Carrier.findOrFail(carrier.id)
    assert.match(
      saved.insuranceDocument!,
      new RegExp(`^insurance/${carrier.id}/certificate-[0-9a-f]+\\.pdf$`)
    )
    assert.isTrue(saved.verified)
    assert.deepEqual(Buffer.from(await drive.use().getBytes(saved.insuranceDocument!)), PDF_BYTES)

    const own = await client.get(`${INSURANCE}/certificate`).loginAs(user)
    own.assertStatus(200)
    assert.equal(own.header('content-type'), 'application/pdf')
    const admin = await makeUser('admin')
    const byAdmin = await client
      .get(`/api/admin/carriers/${carrier.id}/insurance/certificate`)
      .loginAs(admin)
    byAdmin.assertStatus(200)
    assert.equal(byAdmin.header('cache-control'), 'private, no-store')
  })

  test('a new certificate replaces the old file', async ({ client, assert }) => {
    const { user, carrier } = await carrierWithCensus()
    await upload(client, user, PDF_BYTES, 'first.pdf', businessDayFromToday(30))
    const first = (await Carrier.findOrFail(carrier.id)).insuranceDocument!
    const res = await upload(client, user, PNG_BYTES, 'second.png', businessDayFromToday(400))
    res.assertStatus(201)
    const second = (await Carrier.findOrFail(carrier.id)).insuranceDocument!
    assert.match(second, /\.png$/)
    assert.isFalse(await drive.use().exists(first))
  })

  test('a pending carrier can upload before its review', async ({ client }) => {
    const user = await makeUser('carrier', { isApproved: false })
    testCensus.set(await censusFor(user))
    const res = await upload(client, user, PDF_BYTES, 'coi.pdf', businessDayFromToday(100))
    res.assertStatus(201)
  })

  const refusals: [string, Buffer, string, string | undefined, number, string][] = [
    [
      'a PNG named .pdf',
      PNG_BYTES,
      'coi.pdf',
      '2099-01-01',
      422,
      'The file must be a PDF, JPEG or PNG, named with its own extension',
    ],
    [
      'a text file',
      Buffer.from('hello, insurer'),
      'coi.txt',
      '2099-01-01',
      422,
      'The file must be a PDF, JPEG or PNG, named with its own extension',
    ],
    ['an empty file', Buffer.alloc(0), 'coi.pdf', '2099-01-01', 422, 'A file is required'],
    ['no expiry date', PDF_BYTES, 'coi.pdf', undefined, 422, 'Expiry date is required'],
    [
      'an expiry that is not a date',
      PDF_BYTES,
      'coi.pdf',
      'next year',
      422,
      'Expiry date must be a date',
    ],
    [
      'an expired certificate',
      PDF_BYTES,
      'coi.pdf',
      '2001-01-01',
      422,
      'This certificate has already expired: upload the current one',
    ],
    [
      'a file over 10 MB',
      Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)]),
      'big.pdf',
      '2099-01-01',
      413,
      'File too large: the limit is 10 MB',
    ],
  ]
  for (const [name, bytes, filename, expiresOn, status, message] of refusals) {
    test(`${name} is refused (${status}) and changes nothing`, async ({ client, assert }) => {
      const { user, carrier } = await carrierWithCensus()
      const before = await Carrier.findOrFail(carrier.id)
      const res = await upload(client, user, bytes, filename, expiresOn)
      res.assertStatus(status)
      assert.equal(res.body().message, message)
      const after = await Carrier.findOrFail(carrier.id)
      assert.equal(after.insuranceDocument, before.insuranceDocument)
      assert.lengthOf(await CarrierVetting.query().where('carrierId', carrier.id), 0)
    })
  }

  test('shippers, admins, rejected carriers and anonymous callers are refused', async ({
    client,
  }) => {
    const shipper = await makeUser('shipper')
    const admin = await makeUser('admin')
    const rejected = await makeUser('carrier', { isApproved: false, approvalStatus: 'rejected' })
    for (const user of [shipper, admin, rejected]) {
      ;(await upload(client, user, PDF_BYTES, 'coi.pdf', '2099-01-01')).assertStatus(403)
      ;(await client.get(INSURANCE).loginAs(user)).assertStatus(403)
      ;(await client.get(`${INSURANCE}/certificate`).loginAs(user)).assertStatus(403)
    }
    ;(await client.post(INSURANCE).withCsrfToken()).assertStatus(401)
    ;(await client.get(INSURANCE)).assertStatus(401)
  })

  test('a carrier reads its own insurance and vetting; no certificate file is a 404', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('carrier', { isApproved: true })
    const carrier = await carrierOf(user)
    const res = await client.get(INSURANCE).loginAs(user)
    res.assertStatus(200)
    assert.deepInclude(res.body(), { hasCertificate: true, verified: true })
    assert.equal(res.body().vetting.result, 'pass')
    // The factory's certificate row names a file that was never stored.
    ;(await client.get(`${INSURANCE}/certificate`).loginAs(user)).assertStatus(404)
    const admin = await makeUser('admin')
    ;(
      await client.get(`/api/admin/carriers/${carrier.id}/insurance/certificate`).loginAs(admin)
    ).assertStatus(404)
    ;(
      await client.get(`/api/admin/carriers/${carrier.id}/insurance/certificate`).loginAs(user)
    ).assertStatus(403)
  })
})
