import { test } from '@japa/runner'
import { makeUser, resetDatabase } from '#tests/helpers'
import { runAce } from '#operations/tests/ace'

/** The logins `npm start` prints come from the database at print time (scripts/start.js). */
test.group('node ace demo:logins', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(60_000)

  test('shows each demo account as it stands now, not as it was seeded', async ({ assert }) => {
    await makeUser('admin', { email: 'admin@palletline.test' })
    // Seeded pending, approved since: no longer listed as pending.
    await makeUser('carrier', { email: 'pending@palletline.test', isApproved: true })
    await makeUser('carrier', { email: 'pending3@palletline.test', approvalStatus: 'pending' })
    const { code, output } = await runAce(['demo:logins'])
    assert.equal(code, 0, output)
    const lines = output.split('\n')
    assert.include(lines, 'Demo logins:')
    assert.isTrue(
      lines.some((l) => /^ {2}admin\s+admin@palletline\.test\s+demo1234\s+approves/.test(l))
    )
    assert.isTrue(
      lines.some((l) =>
        /^ {2}carrier\s+pending@palletline\.test\s+demo1234\s+approved since the demo seed$/.test(l)
      ),
      output
    )
    assert.isTrue(
      lines.some((l) => /^ {2}carrier \(pending\)\s+pending3@palletline\.test\s+demo1234/.test(l))
    )
    // Accounts the database does not have are left out.
    assert.notInclude(output, 'shipper@palletline.test')
  })

  test('says so when the demo data was not seeded', async ({ assert }) => {
    const { code, output } = await runAce(['demo:logins'])
    assert.equal(code, 0, output)
    assert.include(output, 'No demo logins: the demo data was not seeded (DEMO_SEED=false).')
  })
})
