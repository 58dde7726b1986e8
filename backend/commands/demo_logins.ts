import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

type DemoAccount = {
  role: string
  email: string
  password: string
  note?: string
  totpSecret?: string
}

/**
 * The demo logins as they stand now, for the banner `npm start` prints: database/demo_accounts.json
 * read against the database at print time, so an account approved (or rejected, or suspended)
 * since the demo seed is shown as it is, not as it was seeded; one the database lacks is left out.
 */
export default class DemoLogins extends BaseCommand {
  static commandName = 'demo:logins'
  static description = 'Print the demo logins with their current approval status'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { readFile } = await import('node:fs/promises')
    const { default: app } = await import('@adonisjs/core/services/app')
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const accounts = JSON.parse(
      await readFile(app.makePath('database/demo_accounts.json'), 'utf8')
    ) as DemoAccount[]
    const rows = await db
      .from('users')
      .whereIn(
        'email',
        accounts.map((account) => account.email)
      )
      .select('email', 'approval_status')
    const status = new Map(rows.map((row) => [row.email as string, row.approval_status as string]))
    const present = accounts.filter((account) => status.has(account.email))
    if (present.length === 0) {
      this.logger.log('No demo logins: the demo data was not seeded (DEMO_SEED=false).')
      return
    }
    this.logger.log('Demo logins:')
    for (const account of present) {
      const now = status.get(account.email)!
      const role = account.role.replace(/\s*\(.*\)$/, '')
      const seededPending = account.role !== role
      const label = now === 'approved' ? role : `${role} (${now})`
      // A note written for the seeded state ("waiting for approval") no longer holds.
      const note =
        seededPending && now !== 'pending' ? `${now} since the demo seed` : (account.note ?? '')
      this.logger.log(
        `  ${label.padEnd(18)} ${account.email.padEnd(32)} ${account.password}   ${note}`.trimEnd()
      )
      if (account.totpSecret) {
        this.logger.log(`  ${''.padEnd(18)} two-factor (TOTP) secret: ${account.totpSecret}`)
      }
    }
  }
}
