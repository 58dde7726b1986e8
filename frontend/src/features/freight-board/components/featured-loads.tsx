import * as React from 'react'
import { Link } from '@/components/ui/link'
import { PackageSearch, Radio } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { formatCityState, formatCount, formatCurrency, formatMiles } from '@/lib/format'
import { useLiveChannel } from '@/lib/live'
import { useFeaturedLoads } from '@/features/freight-board/api/get-featured-loads'
import type { FreightLiveMessage } from '@/features/freight-board/api/types'
import { EQUIPMENT_LABELS, MODE_LABELS } from '@/config/freight-labels'

export const PUBLIC_CHANNEL = 'freight/public'

/** /overview's featured board: a few real open loads for visitors, never naming the shipper. */
export function FeaturedLoads() {
  const query = useFeaturedLoads()
  const { mutate } = query
  const revalidate = React.useCallback(() => void mutate(), [mutate])
  useLiveChannel<FreightLiveMessage>(PUBLIC_CHANNEL, revalidate, revalidate)

  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Radio className="h-4 w-4 text-emerald-700" aria-hidden="true" />
        Open loads right now · updates live
      </p>
      <LoadStates
        query={query}
        loadingLabel="Loading featured loads"
        errorTitle="Could not load the featured loads"
        empty={{
          icon: PackageSearch,
          title: 'No open loads right now',
          description: 'New loads appear here the moment shippers post them.',
        }}
      >
        {(loads) => (
          <ul
            aria-label="Featured loads"
            className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
          >
            {loads.map((load) => {
              const lane = `${formatCityState(load.origin.city, load.origin.state)} → ${formatCityState(load.destination.city, load.destination.state)}`
              return (
                <li
                  key={load.id}
                  aria-label={lane}
                  className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100"
                >
                  <p className="font-semibold break-words text-slate-900">{lane}</p>
                  <p className="mt-1 text-sm text-slate-600">
                    {EQUIPMENT_LABELS[load.equipment]} · {MODE_LABELS[load.mode]} ·{' '}
                    {formatCount(load.pallets)} {load.pallets === 1 ? 'pallet' : 'pallets'} ·{' '}
                    {formatMiles(load.distance_miles)}
                  </p>
                  <p className="mt-3 text-xl font-bold text-slate-900">
                    {formatCurrency(load.price)}
                  </p>
                </li>
              )
            })}
          </ul>
        )}
      </LoadStates>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button asChild size="lg">
          <Link to={paths.auth.getHref('signup')}>Sign up to claim loads</Link>
        </Button>
        <p className="text-sm text-slate-700">
          Approved carriers hold a load for 30 minutes or claim it in one click.
        </p>
      </div>
    </div>
  )
}
