import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

const json = {
  prepare: (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v)),
  consume: (v: unknown) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  },
}

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

  @column()
  declare location: string | null

  @column(json)
  declare raw: unknown

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
