import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn } from '#core/columns'

export type EscrowState = 'HELD' | 'RELEASED' | 'REFUNDED'

/** Money held for a shipment (booking) until the payout is released. */
export default class EscrowTransaction extends BaseModel {
  static table = 'escrow_transactions'

  @column({ isPrimary: true })
  declare id: number

  /** bookings.id */
  @column()
  declare shipmentId: number

  @column(decimalColumn)
  declare amount: number

  /** starts at HELD */
  @column()
  declare status: EscrowState

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
