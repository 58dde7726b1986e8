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
import { EQUIPMENT_LABELS, MODE_LABELS } from '@/config/freight-labels'
import type { BoardFilterErrors } from '@/features/freight-board/utils/board-filters'

/**
 * Equipment, mode, origin and destination ZIP, and funded loads only; `errors` are shown on
 * their fields (the client's check of the ZIPs, or the server's 422).
 */
export function BoardFiltersForm({
  idPrefix,
  value,
  onChange,
  errors = {},
}: {
  idPrefix: string
  value: BoardFilters
  onChange: (next: BoardFilters) => void
  errors?: BoardFilterErrors
}) {
  const id = (name: string) => `${idPrefix}-${name}`
  const described = (name: string, error: string | undefined) =>
    error ? { 'aria-invalid': true, 'aria-describedby': `${id(name)}-error` } : {}
  return (
    <form
      aria-label="Filter loads"
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3 lg:grid-cols-5"
    >
      <FormField id={id('equipment')} label="Equipment" error={errors.equipment}>
        <NativeSelect
          id={id('equipment')}
          {...described('equipment', errors.equipment)}
          value={value.equipment}
          onChange={(e) => onChange({ ...value, equipment: e.target.value as Equipment | '' })}
        >
          <option value="">Any</option>
          {EQUIPMENT.map((v) => (
            <option key={v} value={v}>
              {EQUIPMENT_LABELS[v]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={id('mode')} label="Mode" error={errors.mode}>
        <NativeSelect
          id={id('mode')}
          {...described('mode', errors.mode)}
          value={value.mode}
          onChange={(e) => onChange({ ...value, mode: e.target.value as ServiceMode | '' })}
        >
          <option value="">Any</option>
          {SERVICE_MODES.map((v) => (
            <option key={v} value={v}>
              {MODE_LABELS[v]}
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
        error={errors.origin_zip}
        value={value.origin_zip}
        onChange={(e) => onChange({ ...value, origin_zip: e.target.value })}
      />
      <TextField
        id={id('destination')}
        label="Destination ZIP"
        inputMode="numeric"
        maxLength={10}
        placeholder="e.g. 482"
        error={errors.dest_zip}
        value={value.dest_zip}
        onChange={(e) => onChange({ ...value, dest_zip: e.target.value })}
      />
      <div className="col-span-2 space-y-1.5 sm:col-span-1">
        {/* The other fields' label line (beside them), so the box lines up with their inputs
            whatever error a field shows below its own. */}
        <span
          aria-hidden="true"
          className="invisible hidden text-sm font-medium leading-none sm:inline"
        >
          Funded
        </span>
        <label
          htmlFor={id('funded')}
          className="flex h-10 items-center gap-2 text-sm font-medium text-slate-900"
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
      </div>
    </form>
  )
}
