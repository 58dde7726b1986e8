import { MapMarker, MapRoute, UsMap, projectPoint, type MapPoint } from '@/components/us-map'
import type { TrackedShipment } from '@/features/tms/api/get-tracked-shipment'
import { eventLook } from '@/features/tms/utils/event-looks'
import { formatCityState } from '@/lib/format'

/**
 * A map of the shipment: origin, destination, the planned route and the positions reported so
 * far. Loaded on demand.
 */
export default function ShipmentMap({ shipment }: { shipment: TrackedShipment }) {
  const origin = projectPoint(shipment.origin.lat, shipment.origin.lng)
  const destination = projectPoint(shipment.destination.lat, shipment.destination.lng)
  const positions = shipment.positions
    .map((p) => ({ p, xy: projectPoint(p.lat, p.lng) }))
    .filter((x): x is { p: (typeof shipment.positions)[number]; xy: MapPoint } => x.xy !== null)
  const from = formatCityState(shipment.origin.city, shipment.origin.state) || 'origin unknown'
  const to =
    formatCityState(shipment.destination.city, shipment.destination.state) || 'destination unknown'
  const last = shipment.positions.at(-1)
  const description =
    `Route from ${from} to ${to}. ` +
    (last
      ? `${shipment.positions.length} reported ${shipment.positions.length === 1 ? 'position' : 'positions'}; the latest near ${formatCityState(last.city, last.state) || `${last.lat.toFixed(2)}, ${last.lng.toFixed(2)}`}.`
      : 'No position reported yet.')
  const trail = positions.map(({ xy }) => xy.join(',')).join(' ')

  return (
    <UsMap title={`Map of shipment ${shipment.reference}`} description={description}>
      {origin && destination ? <MapRoute from={origin} to={destination} /> : null}
      {positions.length > 1 ? (
        <polyline points={trail} fill="none" stroke="#0369a1" strokeWidth={3} />
      ) : null}
      {positions.map(({ p, xy }, i) => (
        <circle
          key={`${p.eventTime}-${i}`}
          data-testid="position"
          cx={xy[0]}
          cy={xy[1]}
          r={6}
          fill={eventLook(p.eventType).color}
          stroke="#fff"
          strokeWidth={2}
        >
          <title>{`${eventLook(p.eventType).label}: ${formatCityState(p.city, p.state)}`}</title>
        </circle>
      ))}
      {origin ? <MapMarker xy={origin} color="#047857" label={`Origin: ${from}`} text="A" /> : null}
      {destination ? (
        <MapMarker xy={destination} color="#b91c1c" label={`Destination: ${to}`} text="B" />
      ) : null}
    </UsMap>
  )
}
