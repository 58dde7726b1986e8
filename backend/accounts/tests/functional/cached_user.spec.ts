import { test } from '@japa/runner'
import User from '#accounts/models/user'
import {
  CachedSessionUserProvider,
  userJson,
  userRows,
} from '#accounts/services/cached_user_provider'
import { eachTestInTransaction, makeUser } from '#tests/helpers'

const provider = new CachedSessionUserProvider({ model: () => import('#accounts/models/user') })
const find = async (id: number) => (await provider.findById(id))!.getOriginal() as User

/** docs/decisions/0071 and 0153: a user built from a cached row is a persisted, clean model. */
test.group('Users built from cached rows', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    userRows.configure(60_000)
    return () => userRows.configure(0)
  })

  test('the cached instance has the row’s state, as the one read from the database', async ({
    assert,
  }) => {
    const made = await makeUser('shipper', {
      email: 'cached-one@example.test',
      firstName: 'Ada',
    })
    const read = await find(made.id)
    const cached = await find(made.id)
    assert.notStrictEqual(cached, read)
    assert.instanceOf(cached, User)
    assert.isTrue(cached.$isPersisted)
    assert.isFalse(cached.$isLocal)
    assert.isFalse(cached.$isDirty)
    assert.equal(cached.id, made.id)
    assert.equal(cached.email, 'cached-one@example.test')
    assert.deepEqual(cached.$attributes, read.$attributes)
    assert.deepEqual(cached.$original, read.$original)
    // Built from the attributes the first build consumed: dates are Luxon's, the same instant.
    assert.isTrue(cached.createdAt.equals(read.createdAt))
    assert.notStrictEqual(cached.$attributes, read.$attributes)
    assert.equal(userJson(cached), JSON.stringify(read.serialize()))
  })

  test('changing one request’s instance changes nothing for the next; a save writes the change', async ({
    assert,
  }) => {
    const made = await makeUser('shipper', {
      email: 'cached-two@example.test',
      firstName: 'Ada',
    })
    await find(made.id)
    const first = await find(made.id)
    first.firstName = 'Grace'
    assert.deepEqual(first.$dirty, { firstName: 'Grace' })
    const second = await find(made.id)
    assert.equal(second.firstName, 'Ada')
    assert.isFalse(second.$isDirty)
    assert.include(userJson(first), 'Grace')
    assert.include(userJson(second), 'Ada')
    await first.save()
    // The save evicted the row: the next instance is read again and has the new name.
    assert.equal((await find(made.id)).firstName, 'Grace')
    assert.equal((await User.findOrFail(made.id)).firstName, 'Grace')
  })
})
