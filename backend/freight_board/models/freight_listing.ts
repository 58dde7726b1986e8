import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import FreightListingAudit from './freight_listing_audit.js'
import FreightListingInvite from './freight_listing_invite.js'

export type Equipment = 'VAN' | 'REEFER' | 'FLATBED' | 'BOX' | 'SPRINTER'
export type FreightMode = 'TL' | 'LTL' | 'EXP'
export type Dims = { l: number; w: number; h: number }

const decimal = { consume: (v: unknown) => (v === null ? null : Number(v)) }
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

  @column(decimal)
  declare originLatitude: number | null

  @column(decimal)
  declare originLongitude: number | null

  @column()
  declare destPostal: string

  @column()
  declare destCity: string

  @column()
  declare destState: string

  @column()
  declare destAddress: string | null

  @column(decimal)
  declare destLatitude: number | null

  @column(decimal)
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
  @column(json)
  declare dims: Dims | null

  @column.dateTime()
  declare pickupEarliest: DateTime | null

  @column.dateTime()
  declare deliveryLatest: DateTime | null

  @column()
  declare notes: string | null

  @column(decimal)
  declare targetPrice: number | null

  @column(decimal)
  declare recommendedLow: number | null

  @column(decimal)
  declare recommendedMid: number | null

  @column(decimal)
  declare recommendedHigh: number | null

  @column(decimal)
  declare distanceMiles: number | null

  @column(decimal)
  declare etaHours: number | null

  /** starts at OPEN */
  @column()
  declare status: string

  /** starts at UNFUNDED */
  @column()
  declare paymentStatus: string

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
