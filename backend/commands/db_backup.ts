import { isAbsolute, join } from 'node:path'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * An online backup of the database, safe while the app runs (docs/operations.md, "Backups"):
 * SQLite through its online backup API, PostgreSQL through pg_dump's custom format.
 */
export default class DbBackup extends BaseCommand {
  static commandName = 'db:backup'
  static description = 'Back up the database while the app runs (SQLite online copy, or pg_dump)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Where to write the copy (default backups/palletline-<time>)' })
  declare to?: string

  async run() {
    const { Clock } = await import('#core/clock')
    const backups = await import('#operations/services/database_backup')
    const config = this.app.config.get<any>('database')
    const name: 'sqlite' | 'pg' = config.connection
    const connection = config.connections[name]
    const stamp = (await this.app.container.make(Clock)).now().toUTC().toISO()!
    const to = this.to ?? backups.backupFileName(name, stamp)
    const target = isAbsolute(to) ? to : join(process.cwd(), to)
    try {
      const result =
        name === 'sqlite'
          ? await backups.backupSqlite(connection.connection.filename, target)
          : await backups.backupPostgres(connection.connection, target)
      const tables = result.tables === undefined ? '' : `, ${result.tables} tables`
      this.logger.success(`Backed up to ${result.file} (${result.bytes} bytes${tables})`)
    } catch (error) {
      this.logger.error((error as Error).message)
      this.exitCode = 1
    }
  }
}
