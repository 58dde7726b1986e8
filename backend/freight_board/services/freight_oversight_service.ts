import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import FreightListing, { type FreightStatus } from '#freight_board/models/freight_listing'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { Clock } from '#core/clock'
import { fromCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { isoUtc } from '#core/timestamps'
import { holdActive } from '#freight_board/services/freight_presenter'

export const OVERSIGHT_PER_PAGE = 20
export type { FreightStatus }

export type FreightOversightFilters = {
  status?: FreightStatus
  /** only open loads a carrier holds right now */
  held?: boolean
}

/**
 * The operator's read of every freight-board load (admin, CLI `loads list`): who posted it,
 * who holds or claimed it, its price and funding, newest first. Admins see carriers' names,
 * as on Fleet Oversight (docs/decisions/0116, 0139).
 */
@inject()
export default class FreightOversightService {
  constructor(
    private clock: Clock,
    private carriers: CarrierProfileService
  ) {}

  async page(filters: FreightOversightFilters, page: number) {
    const now = this.clock.now()
    const stamp = now.toFormat(db.connection().dialect.dateTimeFormat)
    const query = FreightListing.query()
    if (filters.status) query.where('status', filters.status)
    if (filters.held) {
      query
        .where('status', 'OPEN')
        .whereNotNull('hold_carrier_id')
        .where('hold_expires_at', '>', stamp)
    }
    const result = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .paginate(page, OVERSIGHT_PER_PAGE)
    const loads = result.all()
    const names = await this.carriers.companyNamesByIds(
      loads.flatMap((load) => [load.carrierId, load.holdCarrierId]).filter((id) => id !== null)
    )
    const total = Number(result.total)
    return {
      data: loads.map((load) => {
        const held = load.status === 'OPEN' && holdActive(load, now)
        return {
          id: load.id,
          status: load.status,
          paymentStatus: load.paymentStatus,
          origin: { postal: load.originPostal, city: load.originCity, state: load.originState },
          destination: { postal: load.destPostal, city: load.destCity, state: load.destState },
          equipment: load.equipment,
          pallets: load.pallets,
          price: load.priceCents === null ? null : fromCents(load.priceCents),
          shipperId: load.shipperId,
          heldBy: held ? (names.get(load.holdCarrierId!) ?? null) : null,
          holdExpiresAt: held ? isoUtc(load.holdExpiresAt) : null,
          claimedBy: load.carrierId === null ? null : (names.get(load.carrierId) ?? null),
          bookingId: load.shipmentId,
          bookingReference: load.shipmentId === null ? null : bookingReference(load.shipmentId),
          expiresAt: isoUtc(load.expiresAt),
          createdAt: isoUtc(load.createdAt)!,
        }
      }),
      meta: {
        total,
        perPage: OVERSIGHT_PER_PAGE,
        currentPage: page,
        lastPage: Math.max(1, Math.ceil(total / OVERSIGHT_PER_PAGE)),
      },
    }
  }
}
