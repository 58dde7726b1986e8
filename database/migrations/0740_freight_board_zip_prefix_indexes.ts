import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The board's ZIP prefix filters (`origin_zip=606`) are `LIKE '606%'`. PostgreSQL can range-scan
 * a B-tree for a prefix only under the C collation or with the pattern operator class, so the
 * plain postal indexes of the table went unused and a filtered board read walked every open load
 * (77 ms at 100,000 loads; 0.7 ms with these). SQLite keeps its indexes as they are.
 */
export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name !== 'postgres') return
    for (const side of ['origin', 'dest']) {
      this.schema.raw(
        `CREATE INDEX freight_listings_open_${side}_postal_prefix ON freight_listings (${side}_postal varchar_pattern_ops) WHERE status = 'OPEN'`
      )
    }
  }

  async down() {
    if (this.db.dialect.name !== 'postgres') return
    for (const side of ['origin', 'dest']) {
      this.schema.raw(`DROP INDEX IF EXISTS freight_listings_open_${side}_postal_prefix`)
    }
  }
}
