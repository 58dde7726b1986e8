import db from '@adonisjs/lucid/services/db'

/** A carrier a shipper has a paid booking with: the shipper already knows who it is. */
export type ShippingPartner = { carrierId: number; companyName: string; email: string }

/** Bounded like every list. */
const MAX_PARTNERS = 200

/**
 * The carriers a shipper has shipped with (at least one paid booking, so the carrier's identity
 * is already revealed to them): whom a shipper may invite to a freight-board load.
 */
export default class ShippingPartnersService {
  async partnersOf(shipperId: number, carrierId?: number): Promise<ShippingPartner[]> {
    const query = db
      .from('bookings')
      .join('carriers', 'carriers.id', 'bookings.carrier_id')
      .join('users', 'users.id', 'carriers.user_id')
      .where('bookings.shipper_id', shipperId)
      .where('bookings.payment_status', 'paid')
      .groupBy('carriers.id', 'carriers.company_name', 'users.email')
      .orderBy('carriers.company_name', 'asc')
      .orderBy('carriers.id', 'asc')
      .limit(MAX_PARTNERS)
      .select('carriers.id as carrier_id', 'carriers.company_name', 'users.email')
    if (carrierId !== undefined) query.where('carriers.id', carrierId)
    const rows = await query
    return rows.map((row) => ({
      carrierId: Number(row.carrier_id),
      companyName: String(row.company_name),
      email: String(row.email),
    }))
  }
}
