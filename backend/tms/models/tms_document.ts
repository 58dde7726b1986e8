import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A document uploaded against a shipment (booking) stop. */
export default class TmsDocument extends BaseModel {
  static table = 'tms_documents'

  @column({ isPrimary: true })
  declare id: number

  /** bookings.id */
  @column()
  declare shipmentId: number

  @column()
  declare docType: string

  @column()
  declare stopNumber: number | null

  @column()
  declare filePath: string

  @column()
  declare mimeType: string | null

  /** The file's name as the carrier sent it, sanitised (decision 0184); null before 0810. */
  @column()
  declare originalName: string | null

  /** users.id */
  @column()
  declare uploadedBy: number | null

  @column.dateTime({ autoCreate: true })
  declare uploadedAt: DateTime
}
