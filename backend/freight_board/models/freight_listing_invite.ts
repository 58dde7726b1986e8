import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import FreightListing from './freight_listing.js'

export default class FreightListingInvite extends BaseModel {
  static table = 'freight_listing_invites'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare listingId: number

  /** carriers.id */
  @column()
  declare invitedCarrierId: number | null

  @column()
  declare token: string

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare usedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => FreightListing, { foreignKey: 'listingId' })
  declare listing: BelongsTo<typeof FreightListing>
}
