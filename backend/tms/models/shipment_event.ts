import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn, jsonColumn } from '#core/columns'

/** A milestone of a shipment (booking), from a TMS feed. */
export default class ShipmentEvent extends BaseModel {
  static table = 'shipment_events'

  @column({ isPrimary: true })
  declare id: number

  /** bookings.id */
  @column()
  declare shipmentId: number

  @column()
  declare eventType: string

  @column.dateTime()
  declare eventTime: DateTime

  /** "City, ST" of where it happened, when known */
  @column()
  declare location: string | null

  /** `<source>:<the source's id>`, unique per shipment (decision 0080) */
  @column()
  declare eventKey: string | null

  /** who reported it: `app` (a status change), `sim`, a provider name */
  @column()
  declare source: string | null

  /** the source's own code, as sent */
  @column()
  declare code: string | null

  @column()
  declare description: string | null

  @column(decimalColumn)
  declare latitude: number | null

  @column(decimalColumn)
  declare longitude: number | null

  @column(jsonColumn)
  declare raw: unknown

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
