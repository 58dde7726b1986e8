import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Booking from './booking.js'
import { decimalColumn } from '#core/columns'

/** A booking's invoice: pending until the booking is paid (docs/openapi.json `InvoiceStatus`). */
export type BookingInvoiceStatus = 'pending' | 'paid'

export default class Invoice extends BaseModel {
  static table = 'invoices'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare invoiceNumber: string

  @column(decimalColumn)
  declare amount: number

  @column()
  declare status: BookingInvoiceStatus

  @column.date()
  declare dueDate: DateTime | null

  @column()
  declare pdfUrl: string | null

  @column({ serializeAs: null })
  declare stripePaymentIntentId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => Booking)
  declare booking: BelongsTo<typeof Booking>
}
