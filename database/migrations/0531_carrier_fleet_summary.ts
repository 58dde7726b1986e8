import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A carrier's fleet facts as a shipper sees them (trucks, distinct equipment types), kept on
 * the carrier's row so search reads them instead of grouping trucks per result
 * (docs/decisions/0087). Triggers on `trucks` recompute the carrier's two columns on every
 * insert, update and delete, in the same transaction, whatever wrote the truck.
 */
const SQLITE_REFRESH = (carrier: string) => `
  UPDATE carriers SET
    truck_count = (SELECT count(*) FROM trucks WHERE carrier_id = ${carrier}),
    equipment_types = coalesce((SELECT group_concat(truck_type, ',') FROM
      (SELECT DISTINCT truck_type FROM trucks WHERE carrier_id = ${carrier} ORDER BY truck_type)), '')
  WHERE id = ${carrier};`

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('carriers', (table) => {
      table.integer('truck_count').notNullable().defaultTo(0)
      table.string('equipment_types', 200).notNullable().defaultTo('')
    })
    if (this.db.dialect.name === 'postgres') {
      this.schema
        .raw(`CREATE OR REPLACE FUNCTION carrier_fleet_refresh(carrier integer) RETURNS void AS $$
        UPDATE carriers SET
          truck_count = (SELECT count(*) FROM trucks WHERE carrier_id = carrier),
          equipment_types = coalesce((SELECT string_agg(DISTINCT truck_type, ',' ORDER BY truck_type)
            FROM trucks WHERE carrier_id = carrier), '')
        WHERE id = carrier;
      $$ LANGUAGE sql`)
      this.schema.raw(`CREATE OR REPLACE FUNCTION carrier_fleet_trigger() RETURNS trigger AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM carrier_fleet_refresh(OLD.carrier_id); END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM carrier_fleet_refresh(NEW.carrier_id); END IF;
          RETURN NULL;
        END
      $$ LANGUAGE plpgsql`)
      this.schema
        .raw(`CREATE TRIGGER trucks_carrier_fleet AFTER INSERT OR DELETE OR UPDATE OF carrier_id, truck_type
        ON trucks FOR EACH ROW EXECUTE FUNCTION carrier_fleet_trigger()`)
      this.schema.raw('SELECT carrier_fleet_refresh(id) FROM carriers')
      return
    }
    this.schema.raw(`CREATE TRIGGER trucks_carrier_fleet_insert AFTER INSERT ON trucks
      BEGIN ${SQLITE_REFRESH('NEW.carrier_id')} END`)
    this.schema
      .raw(`CREATE TRIGGER trucks_carrier_fleet_update AFTER UPDATE OF carrier_id, truck_type ON trucks
      BEGIN ${SQLITE_REFRESH('OLD.carrier_id')} ${SQLITE_REFRESH('NEW.carrier_id')} END`)
    this.schema.raw(`CREATE TRIGGER trucks_carrier_fleet_delete AFTER DELETE ON trucks
      BEGIN ${SQLITE_REFRESH('OLD.carrier_id')} END`)
    this.schema.raw(SQLITE_REFRESH('carriers.id').replace('WHERE id = carriers.id;', ''))
  }

  async down() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('DROP TRIGGER IF EXISTS trucks_carrier_fleet ON trucks')
      this.schema.raw('DROP FUNCTION IF EXISTS carrier_fleet_trigger()')
      this.schema.raw('DROP FUNCTION IF EXISTS carrier_fleet_refresh(integer)')
    } else {
      for (const op of ['insert', 'update', 'delete']) {
        this.schema.raw(`DROP TRIGGER IF EXISTS trucks_carrier_fleet_${op}`)
      }
    }
    this.schema.alterTable('carriers', (table) => {
      table.dropColumn('truck_count')
      table.dropColumn('equipment_types')
    })
  }
}
