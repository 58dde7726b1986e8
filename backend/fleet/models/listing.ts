import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Carrier from './carrier.js'
import Truck from './truck.js'

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

  @column({ consume: (v) => (v === null ? null : Number(v)) })
  declare pickupLatitude: number | null

  @column({ consume: (v) => (v === null ? null : Number(v)) })
  declare pickupLongitude: number | null

  /** miles */
  @column()
  declare pickupRadius: number

  @column()
  declare deliveryAddress: string

  @column({ consume: (v) => (v === null ? null : Number(v)) })
  declare deliveryLatitude: number | null

  @column({ consume: (v) => (v === null ? null : Number(v)) })
  declare deliveryLongitude: number | null

  /** miles */
  @column()
  declare deliveryRadius: number

  @column({ consume: (v) => (v === null ? null : Number(v)) })
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
