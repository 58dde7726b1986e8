import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import AdvancedInvoice from './advanced_invoice.js'

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

/** A freight audit of an advanced invoice against the quoted charges. */
export default class Audit extends BaseModel {
  static table = 'audits'

  @column({ isPrimary: true })
  declare id: number

  /** advanced_invoices.id */
  @column()
  declare invoiceId: number

  @column()
  declare result: string

  @column({ consume: (v) => (v === null ? null : Number(v)) })
  declare varianceAmount: number

  @column(json)
  declare details: unknown

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => AdvancedInvoice, { foreignKey: 'invoiceId' })
  declare invoice: BelongsTo<typeof AdvancedInvoice>
}
