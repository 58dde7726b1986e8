import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type ShipperEscrow = ResponseOf<'/api/tms/escrow', 'get'>
export type ShipmentEscrow = ShipperEscrow['shipments'][number]

export const escrowKey = '/api/tms/escrow'

/** GET /api/tms/escrow: the shipper's held, released and refunded funds per shipment. */
export function getEscrow(): Promise<ShipperEscrow> {
  return api.get<ShipperEscrow>(escrowKey)
}

/** Shippers only (`enabled`): others get a 403, so they never ask. */
export function useEscrow(enabled: boolean) {
  return useSWR<ShipperEscrow>(enabled ? escrowKey : null, getEscrow)
}
