import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { US_STATES } from '@/config/us-states'
import type { PlaceKind, SavedPlace, SavedPlaceInput } from '@/features/alerts/api/saved-lanes'

/** What the place fields hold while they are edited (text as typed). */
export type PlaceDraft = {
  kind: PlaceKind
  zip3: string
  state: string
  near: string
  radius: string
}

export const EMPTY_PLACE: PlaceDraft = { kind: 'zip3', zip3: '', state: '', near: '', radius: '50' }

/** A stored side as the fields hold it, to edit it. */
export function placeDraft(place: SavedPlace): PlaceDraft {
  return {
    kind: place.kind,
    zip3: place.zip3 ?? '',
    state: place.state ?? '',
    near: place.near ?? '',
    radius: String(place.radius_miles ?? 50),
  }
}

/** The draft as the API takes it: only the kind's own fields. */
export function placeInput(draft: PlaceDraft): SavedPlaceInput {
  switch (draft.kind) {
    case 'zip3':
      return { kind: 'zip3', zip3: draft.zip3.trim() }
    case 'state':
      return { kind: 'state', state: draft.state || null }
    case 'radius':
      return {
        kind: 'radius',
        near: draft.near.trim() || null,
        radius_miles: draft.radius.trim() === '' ? null : Number(draft.radius),
      }
  }
}

const KIND_LABELS: Record<PlaceKind, string> = {
  zip3: 'ZIP code area (first 3 digits)',
  state: 'State',
  radius: 'Within a radius',
}

/**
 * One side of a lane or search: the kind, then its field(s). `errors` are the server's, by
 * field name under the side (`origin.zip3`, ...).
 */
export function PlaceFields({
  idPrefix,
  legend,
  value,
  onChange,
  errors,
}: {
  idPrefix: string
  legend: string
  value: PlaceDraft
  onChange: (next: PlaceDraft) => void
  errors: Record<string, string>
}) {
  const id = (name: string) => `${idPrefix}-${name}`
  const err = (name: string) => errors[name]
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{legend}</legend>
      <FormField id={id('kind')} label="Match by" error={err('kind')}>
        <NativeSelect
          id={id('kind')}
          value={value.kind}
          onChange={(e) => onChange({ ...value, kind: e.target.value as PlaceKind })}
        >
          {(Object.keys(KIND_LABELS) as PlaceKind[]).map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {value.kind === 'zip3' ? (
        <TextField
          id={id('zip3')}
          label="First 3 digits of the ZIP"
          inputMode="numeric"
          maxLength={3}
          placeholder="e.g. 606"
          value={value.zip3}
          error={err('zip3')}
          onChange={(e) => onChange({ ...value, zip3: e.target.value })}
        />
      ) : null}
      {value.kind === 'state' ? (
        <FormField id={id('state')} label="State" error={err('state')}>
          <NativeSelect
            id={id('state')}
            aria-invalid={err('state') ? true : undefined}
            aria-describedby={err('state') ? `${id('state')}-error` : undefined}
            value={value.state}
            onChange={(e) => onChange({ ...value, state: e.target.value })}
          >
            <option value="">Choose a state</option>
            {US_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      {value.kind === 'radius' ? (
        <div className="grid grid-cols-3 gap-3">
          <TextField
            id={id('near')}
            containerClassName="col-span-2"
            label="Near (ZIP or city, state)"
            placeholder="e.g. 60601 or Chicago, IL"
            maxLength={100}
            value={value.near}
            error={err('near')}
            onChange={(e) => onChange({ ...value, near: e.target.value })}
          />
          <TextField
            id={id('radius')}
            label="Miles"
            inputMode="numeric"
            maxLength={3}
            value={value.radius}
            error={err('radius_miles')}
            onChange={(e) => onChange({ ...value, radius: e.target.value })}
          />
        </div>
      ) : null}
    </fieldset>
  )
}

/** The server's field errors split per side: `origin.zip3` → origin's `zip3`. */
export function sideErrors(errors: Record<string, string>, side: 'origin' | 'destination') {
  const out: Record<string, string> = {}
  for (const [field, message] of Object.entries(errors)) {
    if (field === side) out.kind = message
    else if (field.startsWith(`${side}.`)) out[field.slice(side.length + 1)] = message
  }
  return out
}
