import { BaseSeeder } from '@adonisjs/lucid/seeders'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { Clock } from '#core/clock'
import { Timeline } from './demo/timeline.js'
import { DemoState, demoServices } from './demo/context.js'
import { planAccounts } from './demo/accounts.js'
import { planVetting } from './demo/trust.js'
import { planFleets } from './demo/fleet.js'
import { planBookings } from './demo/marketplace.js'
import { planPayoutAccounts, sandboxWithoutServer } from './demo/payments.js'
import { ADMIN } from './demo/people.js'
import { planFreightBoard } from './demo/freight_board.js'
import { planDrayage } from './demo/drayage.js'
import { planExpedited } from './demo/expedited.js'

/*
 * Demo data: an admin, three approved carriers with trucks, lanes and payout accounts, two
 * carriers waiting for approval, three shippers and a year of bookings in every status (the
 * people in demo/people.ts, the lanes and bookings in demo/plans.ts), and freight-board loads
 * posted, claimed, paid and delivered, held, or open today (demo/freight_board.ts), drayage
 * moves in every state (demo/drayage.ts) and expedited jobs (demo/expedited.ts). Nothing but the admin
 * is written by hand: the year is replayed step by step through the product's own services,
 * with the app's clock set to each step's moment (demo/timeline.ts), so prices, statuses,
 * payments, ledger, invoices and payouts are exactly what the server makes of them.
 *
 * Runs once: it does nothing when the demo admin already exists. The steps run inside one
 * transaction (each service's own transaction a savepoint in it, its after-commit work done as
 * it commits), so the demo is written with one commit instead of hundreds, and a run that fails
 * part-way leaves no partial demo (docs/decisions/0272).
 */
export default class DemoSeeder extends BaseSeeder {
  async run() {
    const existing = await User.query({ client: this.client }).where('email', ADMIN.email).first()
    if (existing) return

    const started = performance.now()
    const timeline = new Timeline((await app.container.make(Clock)).now())
    app.container.swap(Clock, () => timeline.clock)
    // The approval emails of a demo go nowhere.
    mail.fake()
    // The replayed jobs log every run as in production; the progress lines say enough.
    const logLevel = logger.level
    if (logger.levelNumber < logger.levels.values.warn) logger.level = 'warn'
    try {
      const services = await demoServices()
      const sandbox = await sandboxWithoutServer(services.paymentEvents)
      try {
        const state = new DemoState()
        planAccounts(timeline, services, state)
        planVetting(timeline, state)
        planPayoutAccounts(timeline, services, state, sandbox)
        planFleets(timeline, services, state)
        await planBookings(timeline, services, state, sandbox)
        planFreightBoard(timeline, services, state, sandbox)
        planDrayage(timeline, state)
        planExpedited(timeline, services, state, sandbox)
        report(
          `Demo data: replaying ${timeline.size} steps from ${timeline.first?.toISODate()} to today`
        )
        let shown = 0
        await inOneTransaction(this.client.connectionName, () =>
          timeline.play((done, total) => {
            const quarter = Math.floor((done / total) * 4)
            if (quarter === shown) return
            shown = quarter
            report(`  ${quarter * 25}% (${done}/${total})`)
          })
        )
      } finally {
        sandbox.restore()
      }
    } finally {
      logger.level = logLevel
      mail.restore()
      app.container.restore(Clock)
    }
    report(`Demo data seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
}

/**
 * Runs `work` inside one database transaction: every query the services make joins it (Lucid's
 * global transaction) and their own transactions become savepoints in it, whose after-commit
 * hooks run as before. One commit instead of one per step (docs/decisions/0272). Inside a
 * caller's global transaction (a test's) it joins that one and leaves the commit to the caller.
 */
async function inOneTransaction(connection: string, work: () => Promise<void>) {
  if (db.connectionGlobalTransactions.has(connection)) return work()
  await db.beginGlobalTransaction(connection)
  try {
    await work()
  } catch (error) {
    await db.rollbackGlobalTransaction(connection)
    throw error
  }
  await db.commitGlobalTransaction(connection)
}

/** Progress on the console of `npm start`; quiet in tests. */
function report(line: string) {
  if (!app.inTest) console.log(line)
}
