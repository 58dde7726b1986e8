import * as React from 'react'
import { BellRing, Pencil } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { EQUIPMENT_LABELS } from '@/config/freight-labels'
import {
  deleteSavedSearch,
  updateSavedSearch,
  useSavedSearches,
  type SavedSearch,
} from '@/features/alerts/api/saved-lanes'
import {
  DeleteSaved,
  EmailToggle,
  errorText,
  fieldErrorsOf,
} from '@/features/alerts/components/saved-list-parts'
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
  const [editing, setEditing] = React.useState(false)
  if (editing) {
    return (
      <SearchForm
        search={s}
        onDone={async (saved) => {
          setEditing(false)
          if (saved) await onChanged()
        }}
      />
    )
  }
  return (
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
              await onChanged()
            }}
          />
          <div className="flex flex-wrap gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit saved search ${searchLabel(s)}`}
              onClick={() => setEditing(true)}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <DeleteSaved
              what="search"
              label={searchLabel(s)}
              onDelete={async () => {
                await deleteSavedSearch(s.id)
                await onChanged()
              }}
            />
          </div>
        </div>
      </CardContent>
    </Card>
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
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [saving, setSaving] = React.useState(false)
  const idp = `search-${search.id}`

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setSaving(true)
    setErrors({})
    try {
      const saved = await updateSavedSearch(search.id, {
        origin: placeInput(draft.origin),
        destination: placeInput(draft.destination),
        pallets: Number(draft.pallets),
        date_from: draft.dateFrom,
        date_to: draft.dateTo,
      })
      toast({ variant: 'success', title: 'Search saved', description: searchLabel(saved) })
      await onDone(true)
    } catch (error) {
      const fields = fieldErrorsOf(error)
      setErrors(fields)
      if (Object.keys(fields).length === 0) {
        toast({
          variant: 'destructive',
          title: 'Could not save the search',
          description: errorText(error),
        })
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Edit saved search</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          aria-label={`Edit saved search ${searchLabel(search)}`}
          onSubmit={(e) => void submit(e)}
          className="space-y-4"
          noValidate
        >
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
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save search'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={saving}
              onClick={() => void onDone(false)}
            >
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
