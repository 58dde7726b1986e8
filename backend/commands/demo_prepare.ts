import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `npm start`'s database step in one process (scripts/start.js): the migrations, then the demo
 * seed unless `DEMO_SEED=false` (the seeder does nothing when the demo admin exists). One boot
 * of the app instead of one per step (docs/decisions/0272).
 */
export default class DemoPrepare extends BaseCommand {
  static commandName = 'demo:prepare'
  static description = 'Migrate the database and seed the demo data once (npm start)'
  static options: CommandOptions = { startApp: true }

  async run() {
    this.logger.log('▸ Migrating the database')
    const migrated = await this.kernel.exec('migration:run', ['--force', '--compact-output'])
    if (migrated.exitCode) {
      this.exitCode = migrated.exitCode
      return
    }
    if (process.env.DEMO_SEED === 'false') return
    this.logger.log('▸ Seeding demo data (first start only)')
    // The compiled build runs the seeder's JavaScript; a checkout's loader its TypeScript.
    const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js'
    const seeded = await this.kernel.exec('db:seed', [
      '--files',
      `database/seeders/demo_seeder.${extension}`,
    ])
    this.exitCode = seeded.exitCode ?? 0
  }
}
