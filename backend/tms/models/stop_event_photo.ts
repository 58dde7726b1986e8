import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A photo a driver took at a stop; attached to the step that names it (decision 0243). */
export default class StopEventPhoto extends BaseModel {
  static table = 'stop_event_photos'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  /** the step it belongs to, once one named it */
  @column()
  declare stopEventId: number | null

  @column()
  declare filePath: string

  @column()
  declare mimeType: string

  @column()
  declare sizeBytes: number

  @column()
  declare width: number | null

  @column()
  declare height: number | null

  @column()
  declare uploadedBy: number

  @column.dateTime()
  declare createdAt: DateTime
}
