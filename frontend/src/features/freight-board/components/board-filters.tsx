import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import {
  EQUIPMENT,
  SERVICE_MODES,
  type BoardFilters,
  type Equipment,
  type ServiceMode,
} from '@/features/freight-board/api/types'

/** Equipment, mode, origin and destination ZIP, and funded loads only. */
export function BoardFiltersForm({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string
  value: BoardFilters
  onChange: (next: BoardFilters) => void
}) {
  const id = (name: string) => `${idPrefix}-${name}`
  return (
    <form
      aria-label="Filter loads"
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 lg:items-end"
    >
      <FormField id={id('equipment')} label="Equipment">
        <NativeSelect
          id={id('equipment')}
          value={value.equipment}
          onChange={(e) => onChange({ ...value, equipment: e.target.value as Equipment | '' })}
        >
          <option value="">Any</option>
          {EQUIPMENT.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={id('mode')} label="Mode">
        <NativeSelect
          id={id('mode')}
          value={value.mode}
          onChange={(e) => onChange({ ...value, mode: e.target.value as ServiceMode | '' })}
        >
          <option value="">Any</option>
          {SERVICE_MODES.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <TextField
        id={id('origin')}
        label="Origin ZIP"
        inputMode="numeric"
        maxLength={10}
        placeholder="e.g. 606"
        value={value.origin_zip}
        onChange={(e) => onChange({ ...value, origin_zip: e.target.value })}
      />
      <TextField
        id={id('destination')}
        label="Destination ZIP"
        inputMode="numeric"
        maxLength={10}
        placeholder="e.g. 482"
        value={value.dest_zip}
        onChange={(e) => onChange({ ...value, dest_zip: e.target.value })}
      />
      <label
        htmlFor={id('funded')}
        className="col-span-2 flex h-10 items-center gap-2 text-sm font-medium text-slate-900 sm:col-span-1"
      >
        <input
          id={id('funded')}
          type="checkbox"
          className="h-4 w-4 rounded border-slate-400 accent-brand-700"
          checked={value.funded}
          onChange={(e) => onChange({ ...value, funded: e.target.checked })}
        />
        Funded only
      </label>
    </form>
  )
}
