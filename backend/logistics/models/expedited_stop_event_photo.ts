import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A photo a driver took at an expedited job's stop; attached to the step naming it (0263). */
export default class ExpeditedStopEventPhoto extends BaseModel {
  static table = 'expedited_stop_event_photos'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare expeditedJobId: number

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
