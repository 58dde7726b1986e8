import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A file attached to a booking (BOL, POD, invoice PDF, ...). */
export default class Document extends BaseModel {
  static table = 'documents'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  /** users.id */
  @column()
  declare shipperId: number | null

  /** carriers.id */
  @column()
  declare carrierId: number | null

  @column()
  declare type: string

  @column()
  declare url: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
