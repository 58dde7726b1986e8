/*
 * Offers on posted loads (docs/decisions/0234): a load claimed, cancelled or expired closes its
 * pending offers; every step of an offer reaches both parties' screens at once as a notice
 * `{ kind: 'offer', id: <load id>, change }` (docs/decisions/0171), naming no one: the screens
 * refetch through the API, which shows the carrier by its label only.
 */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import { notifyUsers } from '#core/live_notices'

const CLOSING = {
  claimed: 'load_claimed',
  cancelled: 'load_cancelled',
  expired: 'load_expired',
} as const

emitter.on('freight:changed', async (change) => {
  if (!(change.type in CLOSING)) return
  const open = await db
    .from('freight_offers')
    .where('listing_id', change.id)
    .where('status', 'PENDING')
    .select('id')
    .first()
  if (!open) return
  const { default: FreightOfferService } =
    await import('#freight_board/services/freight_offer_service')
  const offers = await app.container.make(FreightOfferService)
  await offers.closeForLoad(change.id, CLOSING[change.type as keyof typeof CLOSING])
})

emitter.on('freight:offer', async (change) => {
  const row = await db
    .from('freight_offers')
    .join('freight_listings', 'freight_listings.id', 'freight_offers.listing_id')
    .where('freight_offers.id', change.offerId)
    .select(
      'freight_offers.carrier_user_id as carrierUserId',
      'freight_listings.shipper_id as shipperId'
    )
    .first()
  if (!row) return
  notifyUsers([Number(row.shipperId), Number(row.carrierUserId)], {
    kind: 'offer',
    id: change.listingId,
    change: change.change,
  })
})
