import { test } from '@japa/runner'
import User from '#accounts/models/user'
import { makeUser, eachTestInTransaction } from '#tests/helpers'

test.group(
  'Admin approvals: GET /api/admin/users/pending, PUT /api/admin/users/:id/approve',
  (group) => {
    eachTestInTransaction(group)

    test('lists pending accounts oldest first, with carrier company details', async ({
      client,
      assert,
    }) => {
      const admin = await makeUser('admin')
      const pending = await makeUser('carrier', { isApproved: false })
      await makeUser('carrier', { isApproved: true })
      await makeUser('shipper')
      const res = await client.get('/api/admin/users/pending').loginAs(admin)
      res.assertStatus(200)
      assert.lengthOf(res.body(), 1)
      assert.equal(res.body()[0].id, pending.id)
      assert.equal(res.body()[0].role, 'carrier')
      assert.match(res.body()[0].companyName, /Test Freight/)
      assert.containsSubset(res.body()[0], {
        email: pending.email,
        firstName: 'Test',
        lastName: 'Carrier',
      })
    })

    test('approve records who and when', async ({ client, assert }) => {
      const admin = await makeUser('admin')
      const pending = await makeUser('carrier', { isApproved: false })
      const res = await client
        .put(`/api/admin/users/${pending.id}/approve`)
        .json({ isApproved: true })
        .loginAs(admin)
        .withCsrfToken()
      res.assertStatus(200)
      assert.isTrue(res.body().isApproved)
      assert.equal(res.body().approvalStatus, 'approved')
      await pending.refresh()
      assert.isTrue(pending.isApproved)
      assert.equal(pending.reviewedBy, admin.id)
      assert.isNotNull(pending.reviewedAt)
      const list = await client.get('/api/admin/users/pending').loginAs(admin)
      assert.lengthOf(list.body(), 0)
    })

    test('reject marks the account rejected', async ({ client, assert }) => {
      const admin = await makeUser('admin')
      const pending = await makeUser('carrier', { isApproved: false })
      const res = await client
        .put(`/api/admin/users/${pending.id}/approve`)
        .json({ isApproved: false })
        .loginAs(admin)
        .withCsrfToken()
      res.assertStatus(200)
      await pending.refresh()
      assert.isFalse(pending.isApproved)
      assert.equal(pending.approvalStatus, 'rejected')
      assert.equal(pending.reviewedBy, admin.id)
    })

    test('isApproved must be a boolean', async ({ client, assert }) => {
      const admin = await makeUser('admin')
      const pending = await makeUser('carrier', { isApproved: false })
      for (const body of [{}, { isApproved: 'yes' }, { isApproved: 1 }]) {
        const res = await client
          .put(`/api/admin/users/${pending.id}/approve`)
          .json(body)
          .loginAs(admin)
          .withCsrfToken()
        res.assertStatus(422)
        assert.equal(res.body().errors[0].message, 'isApproved must be true or false')
      }
      await pending.refresh()
      assert.equal(pending.approvalStatus, 'pending')
    })

    test('unknown user is a 404; admins are not reviewed', async ({ client, assert }) => {
      const admin = await makeUser('admin')
      const other = await makeUser('admin')
      const missing = await client
        .put('/api/admin/users/999999/approve')
        .json({ isApproved: true })
        .loginAs(admin)
        .withCsrfToken()
      missing.assertStatus(404)
      const self = await client
        .put(`/api/admin/users/${other.id}/approve`)
        .json({ isApproved: false })
        .loginAs(admin)
        .withCsrfToken()
      self.assertStatus(409)
      await other.refresh()
      assert.equal(other.approvalStatus, 'approved')
    })

    test('signed out is a 401', async ({ client }) => {
      const res = await client.get('/api/admin/users/pending')
      res.assertStatus(401)
    })

    for (const role of ['shipper', 'carrier'] as const) {
      test(`a ${role} is forbidden`, async ({ client, assert }) => {
        const user = await makeUser(role, { isApproved: true })
        const pending = await makeUser('carrier', { isApproved: false })
        const list = await client.get('/api/admin/users/pending').loginAs(user)
        list.assertStatus(403)
        const decide = await client
          .put(`/api/admin/users/${pending.id}/approve`)
          .json({ isApproved: true })
          .loginAs(user)
          .withCsrfToken()
        decide.assertStatus(403)
        assert.isFalse((await User.findOrFail(pending.id)).isApproved)
      })
    }
  }
)
