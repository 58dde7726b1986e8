import db from '@adonisjs/lucid/services/db'

/** One priced booking as the rate model reads it. */
export type BookingLaneSample = {
  originPostal: string
  destPostal: string
  originState: string
  destState: string
  /** the truck's type as freight-board equipment; null when unknown */
  equipment: 'VAN' | 'REEFER' | 'FLATBED' | 'BOX' | null
  pricePerPalletMile: number
  /** the booking's pallets (the model restates the price for a load's pallets, decision 0176) */
  pallets: number
}

const EQUIPMENT_OF_TRUCK: Record<string, BookingLaneSample['equipment']> = {
  dry_van: 'VAN',
  refrigerated: 'REEFER',
  flatbed: 'FLATBED',
  box_truck: 'BOX',
}

/** Newest samples read per quote; enough for any lane's widening. */
export const MAX_LANE_SAMPLES = 5000

/**
 * The marketplace's priced history for the rate model (docs/decisions/0064): bookings of
 * carrier listings that were paid, or at least neither cancelled nor still awaiting payment,
 * between the given origin and destination states. Freight-board bookings are left out: the
 * freight board counts its claimed loads itself, with their equipment and mode, and bookings
 * of partner carriers (TMS) are their tariffs, not the network's prices.
 */
export default class LaneHistoryService {
  async samples(originStates: string[], destStates: string[]): Promise<BookingLaneSample[]> {
    if (originStates.length === 0 || destStates.length === 0) return []
    const rows = await db
      .from('bookings')
      .leftJoin('trucks', 'trucks.id', 'bookings.truck_id')
      .whereIn('bookings.pickup_state', originStates)
      .whereIn('bookings.delivery_state', destStates)
      .whereNot('bookings.status', 'cancelled')
      // a partner carrier's booking is its tariff, not the network's price (decision 0082)
      .where('bookings.provider', 'internal')
      .where((q) =>
        q.whereNot('bookings.status', 'pending').orWhere('bookings.payment_status', 'paid')
      )
      .where((q) =>
        q.whereNull('bookings.booking_type').orWhereNot('bookings.booking_type', 'freight_board')
      )
      .whereNotNull('bookings.pickup_zip')
      .whereNotNull('bookings.delivery_zip')
      .where('bookings.distance', '>', 0)
      .where('bookings.number_of_pallets', '>', 0)
      .where('bookings.total_amount', '>', 0)
      .orderBy('bookings.created_at', 'desc')
      .limit(MAX_LANE_SAMPLES)
      .select(
        'bookings.pickup_zip',
        'bookings.delivery_zip',
        'bookings.pickup_state',
        'bookings.delivery_state',
        'bookings.number_of_pallets',
        'bookings.distance',
        'bookings.total_amount',
        'trucks.truck_type'
      )
    return rows.map((row) => ({
      originPostal: String(row.pickup_zip),
      destPostal: String(row.delivery_zip),
      originState: String(row.pickup_state),
      destState: String(row.delivery_state),
      equipment: EQUIPMENT_OF_TRUCK[row.truck_type] ?? null,
      pricePerPalletMile:
        Number(row.total_amount) / (Number(row.number_of_pallets) * Number(row.distance)),
      pallets: Number(row.number_of_pallets),
    }))
  }
}
