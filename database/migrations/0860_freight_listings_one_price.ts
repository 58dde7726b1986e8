import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A load's price is stored once, as integer cents (docs/decisions/0202): `price_cents` keeps it
 * and the decimal `target_price` beside it goes. A row that had only the decimal gets its cents
 * first (half away from zero). Dropped with `ALTER TABLE ... DROP COLUMN` on both databases
 * (SQLite 3.35+ has it; the column is in no index or constraint), so SQLite keeps its table and
 * the foreign keys that point at it instead of copying them into a new one.
 */
export default class extends BaseSchema {
  protected tableName = 'freight_listings'

  async up() {
    this.defer(async (db) => {
      await db.rawQuery(
        `UPDATE freight_listings
            SET price_cents = CAST(ROUND(target_price * 100) AS INTEGER)
          WHERE price_cents IS NULL AND target_price IS NOT NULL`
      )
      await db.rawQuery('ALTER TABLE freight_listings DROP COLUMN target_price')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.decimal('target_price', 10, 2).nullable()
    })
    this.defer(async (db) => {
      await db.rawQuery(
        'UPDATE freight_listings SET target_price = price_cents / 100.0 WHERE price_cents IS NOT NULL'
      )
    })
  }
}
