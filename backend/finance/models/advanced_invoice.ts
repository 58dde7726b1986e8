import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Audit from './audit.js'
import type { InvoiceLine, InvoiceStatus } from '#finance/invoice_rules'
import { booleanColumn, decimalColumn, jsonColumn } from '#core/columns'

/**
 * A multi-line freight invoice for a shipment (booking) or a drayage move, in USD
 * (docs/decisions/0132, 0146).
 */
export default class AdvancedInvoice extends BaseModel {
  static table = 'advanced_invoices'

  @column({ isPrimary: true })
  declare id: number

  /** bookings.id; null for a drayage move's invoice */
  @column()
  declare shipmentId: number | null

  /** drayage_moves.id; null for a booking's invoice (docs/decisions/0146) */
  @column()
  declare drayageMoveId: number | null

  @column()
  declare currency: string

  @column(decimalColumn)
  declare amount: number

  /** the lines, their amounts in cents */
  @column(jsonColumn)
  declare items: InvoiceLine[] | null

  @column()
  declare status: InvoiceStatus

  @column()
  declare number: string | null

  @column()
  declare kind: 'CARRIER' | 'PARTNER' | 'DRAYAGE'

  @column()
  declare shipperId: number | null

  /** carriers.id; null for a partner booking */
  @column()
  declare carrierId: number | null

  @column(booleanColumn)
  declare flagged: boolean

  @column()
  declare shipperDecision: 'ACCEPTED' | 'DISPUTED' | null

  @column()
  declare disputeReason: string | null

  @column()
  declare createdByUserId: number | null

  @column.dateTime()
  declare issuedAt: DateTime | null

  @column.dateTime()
  declare paidAt: DateTime | null

  @column.dateTime()
  declare voidedAt: DateTime | null

  @column.dateTime()
  declare decidedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @hasMany(() => Audit, { foreignKey: 'invoiceId' })
  declare audits: HasMany<typeof Audit>
}
