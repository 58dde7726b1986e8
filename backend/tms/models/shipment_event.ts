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

  @column({ consume: (v) => (v === null || v === undefined ? null : Number(v)) })
  declare latitude: number | null

  @column({ consume: (v) => (v === null || v === undefined ? null : Number(v)) })
  declare longitude: number | null

  @column(json)
  declare raw: unknown

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
