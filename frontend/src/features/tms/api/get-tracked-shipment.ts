import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { TRACKING_REFRESH_MS } from '@/features/tms/api/get-shipment-events'
import type { ResponseOf } from '@/types/api-contract'

export type TrackedShipment = ResponseOf<'/api/tms/shipments/{id}', 'get'>

export const trackedShipmentKey = (shipment: string) =>
  `/api/tms/shipments/${encodeURIComponent(shipment)}`

/** GET /api/tms/shipments/{id}: route, status, estimated arrival and reported positions. */
export function getTrackedShipment(shipment: string): Promise<TrackedShipment> {
  return api.get<TrackedShipment>(trackedShipmentKey(shipment))
}

export function useTrackedShipment(shipment: string | null) {
  return useSWR<TrackedShipment>(
    shipment ? trackedShipmentKey(shipment) : null,
    () => getTrackedShipment(shipment as string),
    { revalidateIfStale: false, refreshInterval: TRACKING_REFRESH_MS }
  )
}
