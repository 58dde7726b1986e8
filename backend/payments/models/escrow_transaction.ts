import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** Money held for a shipment (booking) until the payout is released. */
export default class EscrowTransaction extends BaseModel {
  static table = 'escrow_transactions'

  @column({ isPrimary: true })
  declare id: number

  /** bookings.id */
  @column()
  declare shipmentId: number

  @column({ consume: (v) => (v === null ? null : Number(v)) })
  declare amount: number

  /** starts at HELD */
  @column()
  declare status: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
