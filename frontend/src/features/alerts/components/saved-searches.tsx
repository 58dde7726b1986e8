import { BellRing } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { EQUIPMENT_LABELS } from '@/config/freight-labels'
import {
  deleteSavedSearch,
  updateSavedSearch,
  useSavedSearches,
  type SavedSearch,
} from '@/features/alerts/api/saved-lanes'
import { DeleteSaved, EmailToggle } from '@/features/alerts/components/saved-list-parts'

const searchLabel = (s: SavedSearch) => `${s.origin.label} → ${s.destination.label}`

/**
 * The shipper's "Saved Searches" section: each search, email on or off, delete. A search is
 * saved from Find Carriers ("Save this search").
 */
export function SavedSearches() {
  const query = useSavedSearches()
  return (
    <section aria-labelledby="saved-searches-heading" className="space-y-6">
      <div>
        <h1
          id="saved-searches-heading"
          className="text-2xl font-bold tracking-tight text-slate-900"
        >
          Saved Searches
        </h1>
        <p className="mt-1 text-slate-600">
          We tell you when a carrier publishes capacity that fits one of these searches.
        </p>
      </div>
      <LoadStates
        query={{ ...query, data: query.data?.searches }}
        loadingLabel="Loading saved searches"
        errorTitle="Could not load your saved searches"
        empty={{
          icon: BellRing,
          title: 'No saved searches yet',
          description:
            'Search for carriers under Find Carriers, then choose "Save this search" to be told about new capacity.',
        }}
      >
        {(searches) =>
          searches.length === 0 ? null : (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Saved searches">
              {searches.map((s) => (
                <li key={s.id}>
                  <Card>
                    <CardHeader className="pb-2">
                      <CardTitle className="text-base">{searchLabel(s)}</CardTitle>
                    </CardHeader>
                    <CardContent className="space-y-3">
                      <div className="flex flex-wrap gap-2">
                        <Badge variant="secondary" className="normal-case">
                          {s.equipment ? EQUIPMENT_LABELS[s.equipment] : 'Any equipment'}
                        </Badge>
                        <Badge variant="secondary" className="normal-case">
                          {s.pallets} {s.pallets === 1 ? 'pallet' : 'pallets'}
                        </Badge>
                        <Badge variant="secondary" className="normal-case">
                          {s.date_from} to {s.date_to}
                        </Badge>
                        <Badge variant="outline" className="normal-case">
                          {s.alerts} {s.alerts === 1 ? 'alert' : 'alerts'}
                        </Badge>
                      </div>
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <EmailToggle
                          id={`search-${s.id}-email`}
                          checked={s.email}
                          onToggle={async (email) => {
                            await updateSavedSearch(s.id, { email })
                            await query.mutate()
                          }}
                        />
                        <DeleteSaved
                          what="search"
                          label={searchLabel(s)}
                          onDelete={async () => {
                            await deleteSavedSearch(s.id)
                            await query.mutate()
                          }}
                        />
                      </div>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
    </section>
  )
}
