import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Companies and their members (issue 35, docs/decisions/0223). A company's records stay owned
 * by its account user (`account_user_id`: the user row whose id shipper- and carrier-owned rows
 * carry today); its members sign in with logins of their own and act as that account user.
 * Every existing shipper and carrier becomes the owner of a one-person company whose account
 * user is itself. Invite links are stored only as the SHA-256 of their token. Owned by accounts.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('companies', (table) => {
      table.increments('id')
      table.string('kind', 10).notNullable()
      table.string('name', 200).notNullable()
      table
        .integer('account_user_id')
        .notNullable()
        .unsigned()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.timestamp('created_at').notNullable()
    })

    this.schema.createTable('company_members', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .notNullable()
        .unsigned()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('role', 20).notNullable()
      table.integer('invited_by').nullable()
      table.timestamp('joined_at').notNullable()
      /** removed by an owner: the login no longer signs in (its id stays in the audits) */
      table.timestamp('removed_at').nullable()
      table.index(['company_id', 'role'])
    })

    this.schema.createTable('company_invites', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('email', 254).notNullable()
      table.string('role', 20).notNullable()
      /** hex SHA-256 of the link's token */
      table.string('token_hash', 64).notNullable().unique()
      table.timestamp('expires_at').notNullable()
      table.timestamp('used_at').nullable()
      table.integer('used_by').nullable()
      table.integer('invited_by').notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['company_id', 'created_at'])
    })

    this.defer(async (db) => {
      const now = new Date()
      const users = await db
        .from('users')
        .leftJoin('carriers', 'carriers.user_id', 'users.id')
        .whereIn('users.role', ['shipper', 'carrier'])
        .orderBy('users.id')
        .select(
          'users.id',
          'users.role',
          'users.email',
          'users.first_name',
          'users.last_name',
          'carriers.company_name'
        )
      for (const user of users) {
        const person = [user.first_name, user.last_name].filter(Boolean).join(' ')
        const name = (user.company_name || person || user.email).slice(0, 200)
        const [row] = await db
          .table('companies')
          .insert({ kind: user.role, name, account_user_id: user.id, created_at: now })
          .returning('id')
        const companyId = typeof row === 'object' ? row.id : row
        await db.table('company_members').insert({
          company_id: companyId,
          user_id: user.id,
          role: 'owner',
          invited_by: null,
          joined_at: now,
        })
      }
    })
  }

  async down() {
    this.schema.dropTable('company_invites')
    this.schema.dropTable('company_members')
    this.schema.dropTable('companies')
  }
}
