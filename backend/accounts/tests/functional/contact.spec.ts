/*
 * The contact form (docs/decisions/0185): stored, mailed to the operators and the sender,
 * listed for admins; every bad input a 422 naming its field that stores and mails nothing; a
 * filled honeypot answers as a success and keeps nothing; throttled per address.
 */
import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import limiter from '@adonisjs/limiter/services/main'
import ContactMessage from '#accounts/models/contact_message'
import {
  ContactConfirmationMail,
  ContactReceivedMail,
  contactInbox,
} from '#accounts/services/contact_service'
import { CONTACT_RECEIVED } from '#accounts/controllers/contact_controller'
import { CONTACT_LIMIT } from '#accounts/routes'
import { eachTestInTransaction, makeUser } from '#tests/helpers'

const valid = {
  name: 'Pat Lee',
  email: 'pat@example.com',
  company: 'Lee Imports',
  subject: 'Pallet rates',
  message: 'How much for 4 pallets to Dallas next week?',
}

test.group('POST /api/contact', (group) => {
  eachTestInTransaction(group)
  group.each.setup(async () => {
    await limiter.clear()
    const fake = mail.fake()
    return () => {
      fake.mails.clear()
      mail.restore()
    }
  })

  const send = (client: any, body: Record<string, unknown>) =>
    client.post('/api/contact').json(body).withCsrfToken()

  test('a message is stored, mailed to the operators and confirmed to the sender', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const res = await send(client, valid)
    res.assertStatus(201)
    res.assertBody({ message: CONTACT_RECEIVED })
    const rows = await ContactMessage.all()
    assert.lengthOf(rows, 1)
    assert.include(rows[0].serialize(), { ...valid, userId: null })
    mails.assertSent(ContactReceivedMail, ({ message }) => {
      message.assertTo(contactInbox())
      message.assertReplyTo('pat@example.com', 'Pat Lee')
      message.assertSubject('Contact form: Pallet rates')
      message.assertTextIncludes('How much for 4 pallets to Dallas next week?')
      message.assertTextIncludes('Company: Lee Imports')
      return true
    })
    mails.assertSent(ContactConfirmationMail, ({ message }) => {
      message.assertTo('pat@example.com', 'Pat Lee')
      message.assertSubject('We received your message')
      message.assertTextIncludes('within 24 hours')
      return true
    })
  })

  test('a signed-in sender is recorded', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const res = await client
      .post('/api/contact')
      .json({ ...valid, company: undefined })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    const row = await ContactMessage.firstOrFail()
    assert.equal(row.userId, shipper.id)
    assert.isNull(row.company)
  })

  test('each bad input is a 422 naming its field; nothing is stored or mailed', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, name: '' }, 'name', 'Name is required'],
      [{ ...valid, name: '   ' }, 'name', 'Name is required'],
      [{ ...valid, name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters'],
      [{ ...valid, email: 'nope' }, 'email', 'Please enter a valid email address'],
      [{ ...valid, email: undefined }, 'email', 'Please enter a valid email address'],
      [{ ...valid, email: 42 }, 'email', 'Please enter a valid email address'],
      [{ ...valid, company: 'c'.repeat(121) }, 'company', 'Company must be at most 120 characters'],
      [{ ...valid, subject: '' }, 'subject', 'Subject is required'],
      [{ ...valid, subject: 's'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
      [{ ...valid, message: 'short' }, 'message', 'Message must be at least 10 characters'],
      [
        { ...valid, message: 'm'.repeat(5001) },
        'message',
        'Message must be at most 5000 characters',
      ],
      [{ ...valid, message: ['an', 'array'] }, 'message', 'Message must be at least 10 characters'],
    ]
    for (const [body, field, message] of cases) {
      await limiter.clear()
      const res = await send(client, body)
      res.assertStatus(422)
      assert.deepInclude(res.body().errors[0], { field, message }, JSON.stringify(body))
    }
    assert.lengthOf(await ContactMessage.all(), 0)
    mails.assertNoneSent()
  })

  test('a filled honeypot answers as a success and keeps nothing', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const res = await send(client, { ...valid, website: 'http://spam.example' })
    res.assertStatus(201)
    res.assertBody({ message: CONTACT_RECEIVED })
    assert.lengthOf(await ContactMessage.all(), 0)
    mails.assertNoneSent()
  })

  test('an address sending too often is throttled', async ({ client, assert }) => {
    for (let i = 0; i < CONTACT_LIMIT.requests; i++) {
      ;(await send(client, valid)).assertStatus(201)
    }
    const res = await send(client, valid)
    res.assertStatus(429)
    assert.isAbove(Number(res.header('retry-after')), 0)
    assert.lengthOf(await ContactMessage.all(), CONTACT_LIMIT.requests)
    await limiter.clear()
  })
})

test.group('GET /api/admin/contact-messages', (group) => {
  eachTestInTransaction(group)

  test('admins read the messages newest first, paged; others cannot', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    for (let i = 1; i <= 3; i++) {
      await ContactMessage.create({
        ...valid,
        subject: `Question ${i}`,
        userId: null,
        createdAt: (await import('luxon')).DateTime.utc().minus({ minutes: 10 - i }),
      })
    }
    const page = await client.get('/api/admin/contact-messages').qs({ perPage: 2 }).loginAs(admin)
    page.assertStatus(200)
    assert.deepEqual(
      page.body().data.map((m: any) => m.subject),
      ['Question 3', 'Question 2']
    )
    assert.deepEqual(page.body().meta, { total: 3, perPage: 2, currentPage: 1, lastPage: 2 })
    const next = await client
      .get('/api/admin/contact-messages')
      .qs({ perPage: 2, page: 2 })
      .loginAs(admin)
    assert.deepEqual(
      next.body().data.map((m: any) => m.subject),
      ['Question 1']
    )
    const bad = await client.get('/api/admin/contact-messages').qs({ page: 0 }).loginAs(admin)
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'page')
    const tooMany = await client
      .get('/api/admin/contact-messages')
      .qs({ perPage: 101 })
      .loginAs(admin)
    tooMany.assertStatus(422)
    assert.equal(tooMany.body().errors[0].field, 'perPage')
    for (const user of [
      await makeUser('shipper'),
      await makeUser('carrier', { isApproved: true }),
    ]) {
      ;(await client.get('/api/admin/contact-messages').loginAs(user)).assertStatus(403)
    }
    ;(await client.get('/api/admin/contact-messages')).assertStatus(401)
  })
})
