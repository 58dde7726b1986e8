import * as React from 'react'
import { BellRing, Pencil, Plus } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { EQUIPMENT_LABELS, MODE_LABELS } from '@/config/freight-labels'
import {
  createSavedLane,
  deleteSavedLane,
  updateSavedLane,
  useSavedLanes,
  type SavedLane,
  type SavedLaneInput,
} from '@/features/alerts/api/saved-lanes'
import {
  EMPTY_PLACE,
  PlaceFields,
  placeDraft,
  placeInput,
  sideErrors,
  type PlaceDraft,
} from '@/features/alerts/components/place-fields'
import {
  DeleteSaved,
  EmailToggle,
  errorText,
  fieldErrorsOf,
} from '@/features/alerts/components/saved-list-parts'

type Equipment = keyof typeof EQUIPMENT_LABELS
type Mode = keyof typeof MODE_LABELS

type Draft = {
  origin: PlaceDraft
  destination: PlaceDraft
  equipment: Equipment | ''
  mode: Mode | ''
  minRate: string
  email: boolean
}

const EMPTY: Draft = {
  origin: EMPTY_PLACE,
  destination: { ...EMPTY_PLACE, kind: 'state' },
  equipment: '',
  mode: '',
  minRate: '',
  email: true,
}

/** "$2.25" per mile typed in dollars, as integer cents; null when empty, NaN when not a number. */
function centsPerMile(text: string): number | null {
  const t = text.trim().replace(/^\$/, '')
  if (t === '') return null
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN
}

const laneLabel = (lane: SavedLane) => `${lane.origin.label} → ${lane.destination.label}`

/** The carrier's "Saved Lanes" section: its lanes, a new one, email on or off, delete. */
export function SavedLanes({ header }: { header: (actions: React.ReactNode) => React.ReactNode }) {
  const query = useSavedLanes()
  const [creating, setCreating] = React.useState(false)
  const count = query.data?.lanes.length ?? 0
  const limit = query.data?.limit ?? 50
  return (
    <div className="space-y-6">
      {header(
        <Button onClick={() => setCreating(true)} disabled={creating || count >= limit}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          New lane
        </Button>
      )}
      {creating ? (
        <LaneForm
          onDone={async (saved) => {
            setCreating(false)
            if (saved) await query.mutate()
          }}
        />
      ) : null}
      <LoadStates
        query={{ ...query, data: query.data?.lanes }}
        loadingLabel="Loading saved lanes"
        errorTitle="Could not load your saved lanes"
        empty={{
          icon: BellRing,
          title: 'No saved lanes yet',
          description:
            'Save the lanes you run and we will tell you the moment a matching load is posted.',
        }}
      >
        {(lanes) =>
          lanes.length === 0 ? null : (
            <>
              <p className="text-sm text-slate-600">
                {lanes.length} of {limit} lanes saved.
              </p>
              <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Saved lanes">
                {lanes.map((lane) => (
                  <li key={lane.id}>
                    <LaneCard lane={lane} onChanged={() => query.mutate()} />
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </LoadStates>
    </div>
  )
}

/** A stored lane as the form holds it, to edit it. */
function laneDraft(lane: SavedLane): Draft {
  return {
    origin: placeDraft(lane.origin),
    destination: placeDraft(lane.destination),
    equipment: lane.equipment ?? '',
    mode: lane.mode ?? '',
    minRate:
      lane.min_rate_cents_per_mile === null ? '' : (lane.min_rate_cents_per_mile / 100).toFixed(2),
    email: lane.email,
  }
}

function LaneCard({ lane, onChanged }: { lane: SavedLane; onChanged: () => Promise<unknown> }) {
  const [editing, setEditing] = React.useState(false)
  if (editing) {
    return (
      <LaneForm
        lane={lane}
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
        <CardTitle className="text-base">{laneLabel(lane)}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary" className="normal-case">
            {lane.equipment ? EQUIPMENT_LABELS[lane.equipment] : 'Any equipment'}
          </Badge>
          <Badge variant="secondary" className="normal-case">
            {lane.mode ? MODE_LABELS[lane.mode] : 'Any mode'}
          </Badge>
          {lane.min_rate_cents_per_mile !== null ? (
            <Badge variant="secondary" className="normal-case">
              At least ${(lane.min_rate_cents_per_mile / 100).toFixed(2)}/mi
            </Badge>
          ) : null}
          <Badge variant="outline" className="normal-case">
            {lane.alerts} {lane.alerts === 1 ? 'alert' : 'alerts'}
          </Badge>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <EmailToggle
            id={`lane-${lane.id}-email`}
            checked={lane.email}
            onToggle={async (email) => {
              await updateSavedLane(lane.id, { email })
              await onChanged()
            }}
          />
          <div className="flex flex-wrap gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit saved lane ${laneLabel(lane)}`}
              onClick={() => setEditing(true)}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <DeleteSaved
              what="lane"
              label={laneLabel(lane)}
              onDelete={async () => {
                await deleteSavedLane(lane.id)
                await onChanged()
              }}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  )
}

/** A new lane, or a lane's every field changed (its places too: PATCH replaces each side). */
function LaneForm({
  lane,
  onDone,
}: {
  lane?: SavedLane
  onDone: (saved: boolean) => Promise<void>
}) {
  const [draft, setDraft] = React.useState<Draft>(() => (lane ? laneDraft(lane) : EMPTY))
  const idp = lane ? `lane-${lane.id}` : 'lane'
  const formName = lane ? `Edit saved lane ${laneLabel(lane)}` : 'New saved lane'
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [saving, setSaving] = React.useState(false)

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const minRate = centsPerMile(draft.minRate)
    if (Number.isNaN(minRate)) {
      setErrors({ min_rate_cents_per_mile: 'Enter dollars per mile, e.g. 2.25' })
      return
    }
    const input: SavedLaneInput = {
      origin: placeInput(draft.origin),
      destination: placeInput(draft.destination),
      equipment: draft.equipment || null,
      mode: draft.mode || null,
      min_rate_cents_per_mile: minRate,
      email: draft.email,
    }
    setSaving(true)
    setErrors({})
    try {
      const saved = lane ? await updateSavedLane(lane.id, input) : await createSavedLane(input)
      toast({ variant: 'success', title: 'Lane saved', description: laneLabel(saved) })
      await onDone(true)
    } catch (error) {
      const fields = fieldErrorsOf(error)
      setErrors(fields)
      if (Object.keys(fields).length === 0) {
        toast({
          variant: 'destructive',
          title: 'Could not save the lane',
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
        <CardTitle className="text-lg">{lane ? 'Edit saved lane' : 'New saved lane'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          aria-label={formName}
          onSubmit={(e) => void submit(e)}
          className="space-y-4"
          noValidate
        >
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
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
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <FormField id={`${idp}-equipment`} label="Equipment" error={errors.equipment}>
              <NativeSelect
                id={`${idp}-equipment`}
                value={draft.equipment}
                onChange={(e) =>
                  setDraft({ ...draft, equipment: e.target.value as Equipment | '' })
                }
              >
                <option value="">Any</option>
                {(Object.keys(EQUIPMENT_LABELS) as Equipment[]).map((v) => (
                  <option key={v} value={v}>
                    {EQUIPMENT_LABELS[v]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={`${idp}-mode`} label="Mode" error={errors.mode}>
              <NativeSelect
                id={`${idp}-mode`}
                value={draft.mode}
                onChange={(e) => setDraft({ ...draft, mode: e.target.value as Mode | '' })}
              >
                <option value="">Any</option>
                {(Object.keys(MODE_LABELS) as Mode[]).map((v) => (
                  <option key={v} value={v}>
                    {MODE_LABELS[v]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <TextField
              id={`${idp}-min-rate`}
              label="Minimum $ per mile"
              inputMode="decimal"
              placeholder="Any"
              value={draft.minRate}
              error={errors.min_rate_cents_per_mile}
              onChange={(e) => setDraft({ ...draft, minRate: e.target.value })}
            />
          </div>
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 accent-brand-700"
              checked={draft.email}
              onChange={(e) => setDraft({ ...draft, email: e.target.checked })}
            />
            Email me each matching load
          </label>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save lane'}
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
