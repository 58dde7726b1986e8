import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import FreightListingAudit from './freight_listing_audit.js'
import FreightListingInvite from './freight_listing_invite.js'
import { decimalColumn, jsonColumn } from '#core/columns'
import type { FreightDetails } from '#core/freight_details'

export type Equipment = 'VAN' | 'REEFER' | 'FLATBED' | 'BOX' | 'SPRINTER'
export type FreightMode = 'TL' | 'LTL' | 'EXP'
export type Dims = { l: number; w: number; h: number }

/** A load's place on the board: posted OPEN, then CLAIMED, CANCELLED by its shipper or EXPIRED. */
export const FREIGHT_STATUSES = ['OPEN', 'CLAIMED', 'CANCELLED', 'EXPIRED'] as const
export type FreightStatus = (typeof FREIGHT_STATUSES)[number]
/** The shipper's card funding of the load (docs/decisions/0069). */
export type FreightPaymentStatus = 'UNFUNDED' | 'FUNDED' | 'REFUNDED'

/** A load posted by a shipper on the freight board. */
export default class FreightListing extends BaseModel {
  static table = 'freight_listings'

  @column({ isPrimary: true })
  declare id: number

  /** users.id */
  @column()
  declare shipperId: number

  /** carriers.id of the carrier that claimed it */
  @column()
  declare carrierId: number | null

  /** bookings.id once the load became a shipment */
  @column()
  declare shipmentId: number | null

  @column()
  declare originPostal: string

  @column()
  declare originCity: string

  @column()
  declare originState: string

  @column()
  declare originAddress: string | null

  @column(decimalColumn)
  declare originLatitude: number | null

  @column(decimalColumn)
  declare originLongitude: number | null

  @column()
  declare destPostal: string

  @column()
  declare destCity: string

  @column()
  declare destState: string

  @column()
  declare destAddress: string | null

  @column(decimalColumn)
  declare destLatitude: number | null

  @column(decimalColumn)
  declare destLongitude: number | null

  @column()
  declare equipment: Equipment

  @column()
  declare mode: FreightMode

  @column()
  declare pallets: number | null

  @column()
  declare weightLbs: number | null

  /** inches */
  @column(jsonColumn)
  declare dims: Dims | null

  @column.dateTime()
  declare pickupEarliest: DateTime | null

  @column.dateTime()
  declare deliveryLatest: DateTime | null

  @column()
  declare notes: string | null

  /** what the freight is, density and class included (docs/decisions/0228); null on older loads */
  @column(jsonColumn)
  declare freightDetails: FreightDetails | null

  @column(decimalColumn)
  declare recommendedLow: number | null

  @column(decimalColumn)
  declare recommendedMid: number | null

  @column(decimalColumn)
  declare recommendedHigh: number | null

  @column(decimalColumn)
  declare distanceMiles: number | null

  @column(decimalColumn)
  declare etaHours: number | null

  /** starts at OPEN */
  @column()
  declare status: FreightStatus

  /** starts at UNFUNDED */
  @column()
  declare paymentStatus: FreightPaymentStatus

  /** the shipper's price, the load's one stored price (docs/decisions/0202) */
  @column()
  declare priceCents: number | null

  @column({ serializeAs: null })
  declare stripePaymentIntent: string | null

  /** carriers.id holding the load until holdExpiresAt */
  @column()
  declare holdCarrierId: number | null

  @column.dateTime()
  declare holdExpiresAt: DateTime | null

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime()
  declare claimedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @hasMany(() => FreightListingAudit, { foreignKey: 'listingId' })
  declare audits: HasMany<typeof FreightListingAudit>

  @hasMany(() => FreightListingInvite, { foreignKey: 'listingId' })
  declare invites: HasMany<typeof FreightListingInvite>
}
