import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Carrier from './carrier.js'
import Listing from './listing.js'
import { decimalColumn } from '#core/columns'

export type TruckType = 'dry_van' | 'flatbed' | 'refrigerated' | 'box_truck'
export type TruckStatus = 'available' | 'in_use' | 'maintenance'

export default class Truck extends BaseModel {
  static table = 'trucks'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare carrierId: number

  @column()
  declare licensePlate: string

  @column()
  declare truckType: TruckType

  /** pallets */
  @column()
  declare capacity: number

  @column()
  declare status: TruckStatus

  @column()
  declare currentLocation: string | null

  @column(decimalColumn)
  declare latitude: number | null

  @column(decimalColumn)
  declare longitude: number | null

  @column()
  declare make: string | null

  @column()
  declare model: string | null

  @column()
  declare year: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => Carrier)
  declare carrier: BelongsTo<typeof Carrier>

  @hasMany(() => Listing)
  declare listings: HasMany<typeof Listing>
}
