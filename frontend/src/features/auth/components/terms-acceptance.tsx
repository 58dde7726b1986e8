import { Link } from '@/components/ui/link'
import { FieldError } from '@/components/ui/form-field'
import { paths } from '@/config/paths'
import { formatIsoDateLong, todayInLosAngeles } from '@/lib/calendar-dates'

type TermsAcceptanceProps = {
  id: string
  checked: boolean
  onChange: (checked: boolean) => void
  error?: string
  disabled?: boolean
}

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline'

/** The User Agreement checkbox; its links open the legal pages in new tabs. */
export function TermsAcceptance({ id, checked, onChange, error, disabled }: TermsAcceptanceProps) {
  const effectiveDate = formatIsoDateLong(todayInLosAngeles())
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-effective${error ? ` ${id}-error` : ''}`}
        />
        <label htmlFor={id} className="text-sm leading-snug text-slate-700">
          I have read and agree to the{' '}
          <Link
            to={paths.agreement.getHref()}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            User Agreement
          </Link>
          ,{' '}
          <Link
            to={paths.terms.getHref()}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link
            to={paths.privacy.getHref()}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            Privacy Policy
          </Link>
          .
        </label>
      </div>
      <p id={`${id}-effective`} className="pl-7 text-xs text-slate-500">
        Effective date of your acceptance: {effectiveDate} (Pacific Time).
      </p>
      <div className="pl-7">
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </div>
  )
}
