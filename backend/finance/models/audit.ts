import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import AdvancedInvoice from './advanced_invoice.js'
import { decimalColumn, jsonColumn } from '#core/columns'
import type { Audit as AuditFigures } from '#finance/invoice_rules'

/** A freight audit of an advanced invoice against what was booked (docs/decisions/0133). */
export default class Audit extends BaseModel {
  static table = 'audits'

  @column({ isPrimary: true })
  declare id: number

  /** advanced_invoices.id */
  @column()
  declare invoiceId: number

  /** PASS or FLAGGED */
  @column()
  declare result: string

  @column(decimalColumn)
  declare varianceAmount: number

  /** the audit's figures and its per-line findings */
  @column(jsonColumn)
  declare details: AuditFigures | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => AdvancedInvoice, { foreignKey: 'invoiceId' })
  declare invoice: BelongsTo<typeof AdvancedInvoice>
}
