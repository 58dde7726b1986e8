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

export type DriverGeo = { lat: number; lng: number }

export default class ExpeditedJob extends BaseModel {
  static table = 'expedited_jobs'

  @column({ isPrimary: true })
  declare id: number

  /** bookings.id */
  @column()
  declare shipmentId: number | null

  @column()
  declare vehicleType: string

  @column()
  declare slaHours: number

  @column(json)
  declare driverGeo: DriverGeo | null

  @column.dateTime()
  declare eta: DateTime | null

  /** starts at REQUESTED */
  @column()
  declare status: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
