import db from '@adonisjs/lucid/services/db'
import { toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { isoUtc } from '#core/timestamps'
import type { EscrowState } from '#payments/models/escrow_transaction'

/** One shipment's money in escrow, integer cents. */
export type ShipmentEscrow = {
  shipmentId: number
  reference: string
  status: EscrowState
  amountCents: number
  heldAt: string
  updatedAt: string | null
  route: { from: string | null; to: string | null }
}

export type ShipperEscrow = {
  shipments: ShipmentEscrow[]
  totals: { heldCents: number; releasedCents: number; refundedCents: number }
}

const place = (city: string | null, state: string | null) =>
  city || state ? [city, state].filter(Boolean).join(', ') : null

/**
 * The escrow of a shipper's bookings, as payments keeps it in `escrow_transactions` (HELD at the
 * charge, RELEASED at the payout release, REFUNDED with the refund; decision 0044's ledger posts
 * the same moves). Read for the TMS Payment Escrow tab.
 */
export default class EscrowService {
  async forShipper(shipperId: number): Promise<ShipperEscrow> {
    const rows = await db
      .from('escrow_transactions')
      .join('bookings', 'bookings.id', 'escrow_transactions.shipment_id')
      .where('bookings.shipper_id', shipperId)
      .select(
        'escrow_transactions.shipment_id',
        'escrow_transactions.amount',
        'escrow_transactions.status',
        'escrow_transactions.created_at',
        'escrow_transactions.updated_at',
        'bookings.pickup_city',
        'bookings.pickup_state',
        'bookings.delivery_city',
        'bookings.delivery_state'
      )
      .orderBy('escrow_transactions.created_at', 'desc')
      .orderBy('escrow_transactions.id', 'desc')
    const totals = { heldCents: 0, releasedCents: 0, refundedCents: 0 }
    const shipments = rows.map((row): ShipmentEscrow => {
      const amountCents = toCents(row.amount)
      const status = String(row.status).toUpperCase() as EscrowState
      if (status === 'HELD') totals.heldCents += amountCents
      else if (status === 'RELEASED') totals.releasedCents += amountCents
      else if (status === 'REFUNDED') totals.refundedCents += amountCents
      return {
        shipmentId: Number(row.shipment_id),
        reference: bookingReference(Number(row.shipment_id)),
        status,
        amountCents,
        heldAt: isoUtc(row.created_at)!,
        updatedAt: isoUtc(row.updated_at),
        route: {
          from: place(row.pickup_city, row.pickup_state),
          to: place(row.delivery_city, row.delivery_state),
        },
      }
    })
    return { shipments, totals }
  }
}
