import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#core/columns'

/** One alert rule telling its user about one event (or one late shipment), once. */
export default class AlertNotification extends BaseModel {
  static table = 'alert_notifications'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare alertRuleId: number

  @column()
  declare userId: number

  /** null for alerts that are not about a booking (a drayage container's free time, an expedited job's SLA) */
  @column()
  declare bookingId: number | null

  @column()
  declare shipmentEventId: number | null

  /** what a non-booking alert is about (e.g. a container number) */
  @column()
  declare subjectReference: string | null

  @column()
  declare expeditedJobId: number | null

  @column()
  declare dedupeKey: string

  @column()
  declare trigger: 'exception' | 'late' | 'delivered' | 'last_free_day'

  @column()
  declare message: string

  @column(booleanColumn)
  declare inApp: boolean

  @column.dateTime()
  declare emailedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
