import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type ShipmentEvent = ResponseOf<'/api/tms/shipments/{id}/events', 'get'>[number]

/** Events refresh while the tab is open: a carrier or a feed may report a new milestone. */
export const TRACKING_REFRESH_MS = 30_000

export const shipmentEventsKey = (shipment: string) =>
  `/api/tms/shipments/${encodeURIComponent(shipment)}/events`

/** GET /api/tms/shipments/{id}/events: oldest first; 404 `Shipment not found` for others. */
export function getShipmentEvents(shipment: string): Promise<ShipmentEvent[]> {
  return api.get<ShipmentEvent[]>(shipmentEventsKey(shipment))
}

/** The tracked shipment's events; the Track button fills the cache, this keeps it fresh. */
export function useShipmentEvents(shipment: string | null) {
  return useSWR<ShipmentEvent[]>(
    shipment ? shipmentEventsKey(shipment) : null,
    () => getShipmentEvents(shipment as string),
    { revalidateIfStale: false, refreshInterval: TRACKING_REFRESH_MS }
  )
}
