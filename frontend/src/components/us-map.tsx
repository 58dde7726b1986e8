import * as React from 'react'
import { geoAlbersUsa, geoPath } from 'd3-geo'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import states from 'us-atlas/states-albers-10m.json'

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

export type MapPoint = [number, number]

/** A latitude and longitude placed on the map; null when unknown or outside the US. */
export const projectPoint = (lat: number | null, lng: number | null): MapPoint | null =>
  lat == null || lng == null ? null : projection([lng, lat])

/**
 * A map of the United States drawn offline (us-atlas + d3-geo, no tile server), with its title
 * and description for screen readers; what it shows is drawn by `children` on top.
 */
export function UsMap({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: React.ReactNode
}) {
  const id = React.useId()
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full rounded-md border border-slate-200 bg-sky-50"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g fill="#f8fafc" stroke="none">
        {statePaths.map((s) => (
          <path key={s.id} d={s.d} />
        ))}
      </g>
      <path d={borders} fill="none" stroke="#cbd5e1" strokeWidth={1} strokeLinejoin="round" />
      {children}
    </svg>
  )
}

/** A dashed line from `from` to `to`: the planned route. */
export function MapRoute({ from, to }: { from: MapPoint; to: MapPoint }) {
  return (
    <line
      data-testid="route-line"
      x1={from[0]}
      y1={from[1]}
      x2={to[0]}
      y2={to[1]}
      stroke="#64748b"
      strokeWidth={3}
      strokeDasharray="8 6"
    />
  )
}

/** A lettered pin with its label as a tooltip. */
export function MapMarker({
  xy,
  color,
  label,
  text,
}: {
  xy: MapPoint
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
