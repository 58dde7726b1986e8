import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { US_STATES } from '@/config/us-states'

/** A labelled US state picker (two-letter codes) with its error wired for screen readers. */
export function StateSelectField({
  id,
  label = 'State',
  value,
  onChange,
  error,
}: {
  id: string
  label?: string
  value: string
  onChange: (code: string) => void
  error?: string
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <NativeSelect
        id={id}
        autoComplete="address-level1"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Select state</option>
        {US_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.code} - {s.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  )
}
