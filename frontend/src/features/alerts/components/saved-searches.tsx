import * as React from 'react'
import { BellRing } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { TextField } from '@/components/ui/text-field'
import { EQUIPMENT_LABELS } from '@/config/freight-labels'
import {
  deleteSavedSearch,
  updateSavedSearch,
  useSavedSearches,
  type SavedSearch,
} from '@/features/alerts/api/saved-lanes'
import { SavedCard, SavedForm } from '@/features/alerts/components/saved-list-parts'
import {
  PlaceFields,
  placeDraft,
  placeInput,
  sideErrors,
  type PlaceDraft,
} from '@/features/alerts/components/place-fields'

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
                  <SearchCard search={s} onChanged={() => query.mutate()} />
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
    </section>
  )
}

function SearchCard({
  search: s,
  onChanged,
}: {
  search: SavedSearch
  onChanged: () => Promise<unknown>
}) {
  return (
    <SavedCard
      what="search"
      item={s}
      label={searchLabel(s)}
      badges={
        <>
          <Badge variant="secondary" className="normal-case">
            {s.equipment ? EQUIPMENT_LABELS[s.equipment] : 'Any equipment'}
          </Badge>
          <Badge variant="secondary" className="normal-case">
            {s.pallets} {s.pallets === 1 ? 'pallet' : 'pallets'}
          </Badge>
          <Badge variant="secondary" className="normal-case">
            {s.date_from} to {s.date_to}
          </Badge>
        </>
      }
      onEmail={(email) => updateSavedSearch(s.id, { email })}
      onDelete={() => deleteSavedSearch(s.id)}
      onChanged={onChanged}
      editor={(done) => <SearchForm search={s} onDone={done} />}
    />
  )
}

type SearchDraft = {
  origin: PlaceDraft
  destination: PlaceDraft
  pallets: string
  dateFrom: string
  dateTo: string
}

/** A saved search's places, pallets and days changed (PATCH replaces each side sent). */
function SearchForm({
  search,
  onDone,
}: {
  search: SavedSearch
  onDone: (saved: boolean) => Promise<void>
}) {
  const [draft, setDraft] = React.useState<SearchDraft>(() => ({
    origin: placeDraft(search.origin),
    destination: placeDraft(search.destination),
    pallets: String(search.pallets),
    dateFrom: search.date_from,
    dateTo: search.date_to,
  }))
  const idp = `search-${search.id}`

  const save = async () => {
    const saved = await updateSavedSearch(search.id, {
      origin: placeInput(draft.origin),
      destination: placeInput(draft.destination),
      pallets: Number(draft.pallets),
      date_from: draft.dateFrom,
      date_to: draft.dateTo,
    })
    return searchLabel(saved)
  }

  return (
    <SavedForm
      what="search"
      title="Edit saved search"
      formName={`Edit saved search ${searchLabel(search)}`}
      onDone={onDone}
      save={save}
    >
      {(errors) => (
        <>
          <PlaceFields
            idPrefix={`${idp}-origin`}
            legend="Origin"
            value={draft.origin}
            onChange={(origin) => setDraft({ ...draft, origin })}
            errors={sideErrors(errors, 'origin')}
          />
          <PlaceFields
            idPrefix={`${idp}-destination`}
            legend="Destination"
            value={draft.destination}
            onChange={(destination) => setDraft({ ...draft, destination })}
            errors={sideErrors(errors, 'destination')}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <TextField
              id={`${idp}-pallets`}
              label="Pallets needed"
              inputMode="numeric"
              value={draft.pallets}
              error={errors.pallets}
              onChange={(e) => setDraft({ ...draft, pallets: e.target.value })}
            />
            <TextField
              id={`${idp}-date-from`}
              label="From"
              type="date"
              value={draft.dateFrom}
              error={errors.date_from}
              onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })}
            />
            <TextField
              id={`${idp}-date-to`}
              label="To"
              type="date"
              value={draft.dateTo}
              error={errors.date_to}
              onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })}
            />
          </div>
        </>
      )}
    </SavedForm>
  )
}
