import * as React from 'react'
import { geoAlbersUsa, geoPath } from 'd3-geo'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import states from 'us-atlas/states-albers-10m.json'
import type { TrackedShipment } from '@/features/tms/api/get-tracked-shipment'
import { eventLook } from '@/features/tms/utils/event-looks'
import { formatCityState } from '@/lib/format'

// us-atlas' albers files are already projected for a 975 x 610 frame with this projection.
const WIDTH = 975
const HEIGHT = 610
const projection = geoAlbersUsa().scale(1300).translate([487.5, 305])
const topology = states as unknown as Topology<{
  states: GeometryCollection
  nation: GeometryCollection
}>
const path = geoPath()
const statePaths = (
  feature(topology, topology.objects.states) as unknown as {
    features: { id?: string | number; geometry: GeoJSON.Geometry }[]
  }
).features.map((f) => ({ id: String(f.id), d: path(f.geometry) ?? '' }))
const borders = path(mesh(topology, topology.objects.states, (a, b) => a !== b)) ?? ''

type Point = [number, number]
const at = (lat: number | null, lng: number | null): Point | null =>
  lat == null || lng == null ? null : projection([lng, lat])

/**
 * A map of the United States drawn offline (us-atlas + d3-geo, no tile server): origin,
 * destination, the planned route and the positions reported so far. Loaded on demand.
 */
export default function ShipmentMap({ shipment }: { shipment: TrackedShipment }) {
  const id = React.useId()
  const origin = at(shipment.origin.lat, shipment.origin.lng)
  const destination = at(shipment.destination.lat, shipment.destination.lng)
  const positions = shipment.positions
    .map((p) => ({ p, xy: at(p.lat, p.lng) }))
    .filter((x): x is { p: (typeof shipment.positions)[number]; xy: Point } => x.xy !== null)
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
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full rounded-md border border-slate-200 bg-sky-50"
    >
      <title id={`${id}-title`}>Map of shipment {shipment.reference}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g fill="#f8fafc" stroke="none">
        {statePaths.map((s) => (
          <path key={s.id} d={s.d} />
        ))}
      </g>
      <path d={borders} fill="none" stroke="#cbd5e1" strokeWidth={1} strokeLinejoin="round" />
      {origin && destination ? (
        <line
          data-testid="route-line"
          x1={origin[0]}
          y1={origin[1]}
          x2={destination[0]}
          y2={destination[1]}
          stroke="#64748b"
          strokeWidth={3}
          strokeDasharray="8 6"
        />
      ) : null}
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
      {origin ? <Marker xy={origin} color="#047857" label={`Origin: ${from}`} text="A" /> : null}
      {destination ? (
        <Marker xy={destination} color="#b91c1c" label={`Destination: ${to}`} text="B" />
      ) : null}
    </svg>
  )
}

function Marker({
  xy,
  color,
  label,
  text,
}: {
  xy: Point
  color: string
  label: string
  text: string
}) {
  return (
    <g transform={`translate(${xy[0]},${xy[1]})`}>
      <title>{label}</title>
      <circle r={11} fill={color} stroke="#fff" strokeWidth={2} />
      <text textAnchor="middle" dy="0.35em" fontSize={12} fontWeight={700} fill="#fff">
        {text}
      </text>
    </g>
  )
}
