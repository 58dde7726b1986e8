import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * On PostgreSQL the triggers that move the search version (migration 0533) also announce it:
 * `NOTIFY search_version`, delivered when the writing transaction commits, so a web process
 * listening follows the version without reading it per request (decision 0150). SQLite reads
 * its version row in process, and is unchanged.
 */
export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name !== 'postgres') return
    this.schema.raw(`CREATE OR REPLACE FUNCTION search_version_bump() RETURNS trigger AS $$
      BEGIN PERFORM nextval('search_version_seq'); PERFORM pg_notify('search_version', ''); RETURN NULL; END
    $$ LANGUAGE plpgsql`)
  }

  async down() {
    if (this.db.dialect.name !== 'postgres') return
    this.schema.raw(`CREATE OR REPLACE FUNCTION search_version_bump() RETURNS trigger AS $$
      BEGIN PERFORM nextval('search_version_seq'); RETURN NULL; END
    $$ LANGUAGE plpgsql`)
  }
}
