import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** Stored states; a PENDING offer past `expiresAt` reads as EXPIRED (docs/decisions/0234). */
export const OFFER_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'WITHDRAWN', 'CLOSED'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]
export type OfferSide = 'carrier' | 'shipper'

/** A carrier's offer on a posted load and the counters that followed it. */
export default class FreightOffer extends BaseModel {
  static table = 'freight_offers'

  @column({ isPrimary: true })
  declare id: number

  /** freight_listings.id */
  @column()
  declare listingId: number

  /** carriers.id of the offering carrier: never sent to the shipper */
  @column({ serializeAs: null })
  declare carrierId: number

  /** users.id of the carrier's user that made it: never sent to the shipper */
  @column({ serializeAs: null })
  declare carrierUserId: number

  /** the amount on the table, integer cents, set by `lastBy` */
  @column()
  declare amountCents: number

  @column()
  declare note: string | null

  @column()
  declare lastBy: OfferSide

  /** the login that last made, countered, accepted or declined it (decision 0246) */
  @column()
  declare lastByUserId: number | null

  @column()
  declare carrierCounters: number

  @column()
  declare shipperCounters: number

  @column()
  declare status: OfferStatus

  @column()
  declare closedReason: string | null

  /** bookings.id once accepted */
  @column()
  declare bookingId: number | null

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare updatedAt: DateTime
}
