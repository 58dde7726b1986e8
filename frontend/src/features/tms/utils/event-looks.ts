import type * as React from 'react'
import {
  Circle,
  CircleCheck,
  MapPin,
  Navigation,
  Package,
  TriangleAlert,
  Truck,
  Warehouse,
} from 'lucide-react'

export type EventLook = {
  /** `PU`... or `default` for IN_TRANSIT, OTHER and unknown types */
  look: string
  label: string
  icon: React.ComponentType<{ className?: string }>
  /** the marker's circle */
  dot: string
  /** the map marker's fill */
  color: string
}

const LOOKS: Record<string, Omit<EventLook, 'look'>> = {
  PU: {
    label: 'Picked up',
    icon: Package,
    dot: 'bg-sky-100 text-sky-700 ring-sky-300',
    color: '#0369a1',
  },
  LINEHAUL_DEPART: {
    label: 'Linehaul departed',
    icon: Truck,
    dot: 'bg-indigo-100 text-indigo-700 ring-indigo-300',
    color: '#4338ca',
  },
  LINEHAUL_ARRIVE: {
    label: 'Linehaul arrived',
    icon: Warehouse,
    dot: 'bg-violet-100 text-violet-700 ring-violet-300',
    color: '#6d28d9',
  },
  OFD: {
    label: 'Out for delivery',
    icon: Navigation,
    dot: 'bg-amber-100 text-amber-800 ring-amber-300',
    color: '#b45309',
  },
  DELIVERED: {
    label: 'Delivered',
    icon: CircleCheck,
    dot: 'bg-emerald-100 text-emerald-700 ring-emerald-300',
    color: '#047857',
  },
  EXCEPTION: {
    label: 'Exception',
    icon: TriangleAlert,
    dot: 'bg-red-100 text-red-700 ring-red-300',
    color: '#b91c1c',
  },
}

const DEFAULT_LABELS: Record<string, string> = { IN_TRANSIT: 'In transit', OTHER: 'Update' }

/** docs/spec.md §2: the six milestones have their own look; anything else the default one. */
export function eventLook(eventType: string): EventLook {
  const own = LOOKS[eventType]
  if (own) return { look: eventType, ...own }
  return {
    look: 'default',
    label:
      DEFAULT_LABELS[eventType] ??
      eventType
        .replace(/_/g, ' ')
        .toLowerCase()
        .replace(/^./, (c) => c.toUpperCase()),
    icon: eventType === 'IN_TRANSIT' ? MapPin : Circle,
    dot: 'bg-slate-100 text-slate-600 ring-slate-300',
    color: '#475569',
  }
}
