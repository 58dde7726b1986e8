import { BaseSchema } from '@adonisjs/lucid/schema'
import { TERMINALS } from '../data/terminals.js'

/** A fresh install knows the main US container terminals and rail ramps (decision 0123). */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      const existing = new Set(
        (await db.from('terminals').select('code')).map((row: { code: string }) => row.code)
      )
      const rows = TERMINALS.filter((t) => !existing.has(t.code))
      if (rows.length > 0) await db.table('terminals').multiInsert(rows)
    })
  }

  async down() {
    this.defer(async (db) => {
      await db
        .from('terminals')
        .whereIn(
          'code',
          TERMINALS.map((t) => t.code)
        )
        .delete()
    })
  }
}
