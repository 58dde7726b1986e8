import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import FreightListing from './freight_listing.js'
import { jsonColumn } from '#core/columns'

export default class FreightListingAudit extends BaseModel {
  static table = 'freight_listing_audits'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare listingId: number

  @column()
  declare action: string

  @column()
  declare actorUserId: number | null

  /** the company member's own login that acted (decision 0246), null for the system or older rows */
  @column()
  declare memberUserId: number | null

  @column()
  declare actorRole: string | null

  @column(jsonColumn)
  declare meta: Record<string, unknown> | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => FreightListing, { foreignKey: 'listingId' })
  declare listing: BelongsTo<typeof FreightListing>
}
