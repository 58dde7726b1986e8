import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Carrier from './carrier.js'
import Truck from './truck.js'
import { decimalColumn } from '#core/columns'

export type ListingStatus = 'active' | 'booked' | 'expired'

/** A carrier's posted capacity on a lane. */
export default class Listing extends BaseModel {
  static table = 'listings'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare carrierId: number

  @column()
  declare truckId: number | null

  @column()
  declare pickupAddress: string

  @column(decimalColumn)
  declare pickupLatitude: number | null

  @column(decimalColumn)
  declare pickupLongitude: number | null

  /** miles */
  @column()
  declare pickupRadius: number

  @column()
  declare deliveryAddress: string

  @column(decimalColumn)
  declare deliveryLatitude: number | null

  @column(decimalColumn)
  declare deliveryLongitude: number | null

  /** miles */
  @column()
  declare deliveryRadius: number

  @column(decimalColumn)
  declare ratePerMilePerPallet: number

  @column()
  declare maxPallets: number

  @column.date()
  declare availableDate: DateTime | null

  @column()
  declare status: ListingStatus

  @column()
  declare originAddress: string | null

  @column()
  declare originCity: string | null

  @column()
  declare originState: string | null

  @column()
  declare destinationAddress: string | null

  @column()
  declare destinationCity: string | null

  @column()
  declare destinationState: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => Carrier)
  declare carrier: BelongsTo<typeof Carrier>

  @belongsTo(() => Truck)
  declare truck: BelongsTo<typeof Truck>
}
