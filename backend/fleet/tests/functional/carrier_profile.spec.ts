import { test } from '@japa/runner'
import { makeUser, resetDatabase } from '#tests/helpers'

test.group('GET /api/carrier/profile (approved-carrier gate)', (group) => {
  group.each.setup(() => resetDatabase())

  test('an approved carrier reads its own company profile', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const res = await client.get('/api/carrier/profile').loginAs(carrier)
    res.assertStatus(200)
    assert.equal(res.body().userId, carrier.id)
    assert.match(res.body().companyName, /Test Freight/)
    assert.notProperty(res.body(), 'stripeAccountId')
  })

  test('an unapproved carrier gets 403 Account pending approval', async ({ client }) => {
    const carrier = await makeUser('carrier', { isApproved: false })
    const res = await client.get('/api/carrier/profile').loginAs(carrier)
    res.assertStatus(403)
    res.assertBody({ message: 'Account pending approval' })
  })

  test('a rejected carrier is still refused', async ({ client }) => {
    const carrier = await makeUser('carrier', { isApproved: false, approvalStatus: 'rejected' })
    const res = await client.get('/api/carrier/profile').loginAs(carrier)
    res.assertStatus(403)
    res.assertBody({ message: 'Account pending approval' })
  })

  for (const role of ['shipper', 'admin'] as const) {
    test(`a ${role} is forbidden`, async ({ client }) => {
      const user = await makeUser(role)
      const res = await client.get('/api/carrier/profile').loginAs(user)
      res.assertStatus(403)
    })
  }

  test('signed out is a 401', async ({ client }) => {
    const res = await client.get('/api/carrier/profile')
    res.assertStatus(401)
  })
})
