import * as React from 'react'
import { BellRing, Plus } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
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
import { SavedCard, SavedForm } from '@/features/alerts/components/saved-list-parts'

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
  return (
    <SavedCard
      what="lane"
      item={lane}
      label={laneLabel(lane)}
      badges={
        <>
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
        </>
      }
      onEmail={(email) => updateSavedLane(lane.id, { email })}
      onDelete={() => deleteSavedLane(lane.id)}
      onChanged={onChanged}
      editor={(done) => <LaneForm lane={lane} onDone={done} />}
    />
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

  const save = async (refuse: (errors: Record<string, string>) => void) => {
    const minRate = centsPerMile(draft.minRate)
    if (Number.isNaN(minRate)) {
      refuse({ min_rate_cents_per_mile: 'Enter dollars per mile, e.g. 2.25' })
      return null
    }
    const input: SavedLaneInput = {
      origin: placeInput(draft.origin),
      destination: placeInput(draft.destination),
      equipment: draft.equipment || null,
      mode: draft.mode || null,
      min_rate_cents_per_mile: minRate,
      email: draft.email,
    }
    const saved = lane ? await updateSavedLane(lane.id, input) : await createSavedLane(input)
    return laneLabel(saved)
  }

  return (
    <SavedForm
      what="lane"
      title={lane ? 'Edit saved lane' : 'New saved lane'}
      formName={lane ? `Edit saved lane ${laneLabel(lane)}` : 'New saved lane'}
      onDone={onDone}
      save={save}
    >
      {(errors) => (
        <>
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
        </>
      )}
    </SavedForm>
  )
}
