import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn } from '#core/columns'

/** A tracking event reported by a partner carrier for a booking. */
export default class PartnerEvent extends BaseModel {
  static table = 'partner_events'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare provider: string

  @column()
  declare eventCode: string

  @column()
  declare eventDesc: string | null

  @column.dateTime()
  declare eventTime: DateTime

  /** `<provider>:<its event id>`, unique per booking */
  @column()
  declare eventKey: string | null

  @column(jsonColumn)
  declare raw: unknown

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
