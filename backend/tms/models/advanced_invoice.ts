import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Audit from './audit.js'

const json = {
  prepare: (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v)),
  consume: (v: unknown) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  },
}

export type InvoiceItem = { code: string; description?: string; amount: number }

/** An itemised TMS invoice for a shipment (booking). */
export default class AdvancedInvoice extends BaseModel {
  static table = 'advanced_invoices'

  @column({ isPrimary: true })
  declare id: number

  /** bookings.id */
  @column()
  declare shipmentId: number

  @column()
  declare currency: string

  @column({ consume: (v) => (v === null ? null : Number(v)) })
  declare amount: number

  @column(json)
  declare items: InvoiceItem[] | null

  /** starts at DRAFT */
  @column()
  declare status: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @hasMany(() => Audit, { foreignKey: 'invoiceId' })
  declare audits: HasMany<typeof Audit>
}
