import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'
import { runAce } from '#operations/tests/ace'
import AlertMatcher from '#alerts/services/alert_matcher'
import { AlertMatchedMail } from '#alerts/services/alert_delivery'
import { placeColumns, statePlace, zip3Place } from '#alerts/lane_rules'
import { mailQueue } from '#core/mail_queue'

const LANES = 6
const LOADS = 40

/**
 * The same loads matched at once by two `node ace alerts:match` processes (in opposite orders)
 * and this process (joining as soon as the first alert is written, from the middle), on the
 * same database (docs/decisions/0239): each (lane, load) is alerted exactly once, the alerts
 * the matchers report add up to exactly one per pair, each is kept once in the notification
 * centre, and each is mailed exactly once.
 */
test.group('Alert matching races: two ace processes and this process', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(180_000)

  test('every lane is alerted once per load, whichever process inserts it', async ({ assert }) => {
    const shipper = await makeUser('shipper')
    const carriers = await Promise.all(
      Array.from({ length: LANES }, () => makeUser('carrier', { isApproved: true }))
    )
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
    await db.table('saved_lanes').multiInsert(
      carriers.map((carrier, i) => ({
        owner_user_id: carrier.id,
        ...placeColumns('origin', i % 2 ? zip3Place('606') : statePlace('IL')),
        ...placeColumns('dest', statePlace('MI')),
        equipment_key: 'ANY',
        email: true,
        created_at: now,
        updated_at: now,
      }))
    )
    const loads: number[] = []
    for (let i = 0; i < LOADS; i++) loads.push((await makeFreightListing(shipper)).id)
    const dir = await mkdtemp(join(tmpdir(), 'alert-race-'))
    const { mails } = mail.fake()
    try {
      const matcher = await app.container.make(AlertMatcher)
      const env = { MAIL_DRIVER: 'log', MAIL_PREVIEW_DIR: dir }
      const argsOf = (ids: number[]) => ['alerts:match', ...ids.map((id) => `--load=${id}`)]
      let finished = 0
      const aces = [argsOf(loads), argsOf([...loads].reverse())].map((args) =>
        runAce(args, env).finally(() => finished++)
      )
      // Join once an ace process has written its first alert: from the middle, until both end.
      const half = Math.floor(LOADS / 2)
      const order = [...loads.slice(half), ...loads.slice(0, half)]
      while (finished < 2) {
        const row = await db.from('saved_lane_alerts').count('* as n').first()
        if (Number(row?.n ?? 0) > 0) break
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      let own = 0
      for (const id of order) own += await matcher.matchLoad(id)
      const results = await Promise.all(aces)
      for (const r of results) assert.equal(r.code, 0, r.output)
      const byAce = results.map((r) =>
        [...r.output.matchAll(/: (\d+) new alert/g)].reduce((sum, m) => sum + Number(m[1]), 0)
      )
      const message = `ace ${byAce.join(', ')}, this process ${own}`
      assert.equal(byAce[0] + byAce[1] + own, LANES * LOADS, message)

      const rows = await db.from('saved_lane_alerts').select('saved_lane_id', 'load_id')
      assert.lengthOf(rows, LANES * LOADS)
      assert.equal(new Set(rows.map((r) => `${r.saved_lane_id}:${r.load_id}`)).size, LANES * LOADS)
      // The notification centre kept each once too: its batch insert skips a (user, load) another
      // process stored first (docs/decisions/0267).
      const kept = await db
        .from('notifications')
        .where('kind', 'alert')
        .select('user_id', 'dedupe_key')
      assert.lengthOf(kept, LANES * LOADS)
      assert.equal(new Set(kept.map((r) => `${r.user_id}:${r.dedupe_key}`)).size, LANES * LOADS)
      // Each alert mailed once: by this process (faked) or by an ace process (written out).
      const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'))
      await mailQueue.idle()
      const ownMails = mails.sent().filter((m) => m instanceof AlertMatchedMail).length
      assert.equal(files.length + ownMails, LANES * LOADS, message)
      const recipients = await Promise.all(
        files.map(async (f) => /^To: .*$/m.exec(await readFile(join(dir, f), 'utf8'))?.[0] ?? '')
      )
      for (const carrier of carriers) {
        const fromAce = recipients.filter((r) => r.includes(carrier.email)).length
        const fromHere = mails
          .sent()
          .filter((m) => m instanceof AlertMatchedMail && (m as any).to === carrier.email).length
        assert.equal(fromAce + fromHere, LOADS, carrier.email)
      }
    } finally {
      mail.restore()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
