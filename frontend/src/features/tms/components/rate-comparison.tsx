import * as React from 'react'
import { Calculator } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import {
  compareQuotes,
  type QuoteComparison,
  type QuoteMode,
} from '@/features/tms/api/compare-quotes'
import { QuoteCard } from '@/features/tms/components/quote-card'
import { MODE_OPTIONS, providerLabel } from '@/features/tms/utils/labels'
import { fieldErrorsOf } from '@/lib/api-errors'
import { isApiError } from '@/lib/api-client'
import { usePlatformConstants } from '@/lib/platform-constants'

const MISSING_POSTALS = 'Missing Information: Please enter both origin and destination postal codes'

/** `weight` is null until the shipper edits it: the input shows the server's default load weight. */
type Values = { origin: string; destination: string; weight: string | null; mode: QuoteMode }
type Errors = Partial<Record<'origin' | 'destination' | 'weight' | 'mode', string>>

const INITIAL: Values = {
  origin: '',
  destination: '',
  weight: null,
  mode: 'LTL',
}

/** The API's field names onto the form's. */
function formErrors(error: unknown): Errors {
  const fields = fieldErrorsOf(error)
  return {
    origin: fields['origin.postal'] ?? fields.origin,
    destination: fields['destination.postal'] ?? fields.destination,
    weight: fields.weight_lbs,
    mode: fields.mode,
  }
}

/**
 * docs/spec.md §2, Rate tab: every carrier's quote for one shipment, side by side. The weight
 * starts at the server's default load weight and is capped by its trailer weight
 * (GET /api/platform/constants, docs/decisions/0201); an untouched or empty weight is sent as
 * null and the server applies that same default.
 */
export function RateComparison({ canBook }: { canBook: boolean }) {
  const load = usePlatformConstants().data?.load
  const shownWeight = (v: Values) => v.weight ?? (load ? String(load.defaults.weightLbs) : '')
  const [values, setValues] = React.useState<Values>(INITIAL)
  const [errors, setErrors] = React.useState<Errors>({})
  const [loading, setLoading] = React.useState(false)
  const [result, setResult] = React.useState<QuoteComparison | null>(null)
  // The weight the shown quotes were asked for: a partner booking's freight class is of it.
  const [quotedWeight, setQuotedWeight] = React.useState<number | undefined>()
  const [failure, setFailure] = React.useState<string | null>(null)

  const set =
    (field: keyof Values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [field]: event.target.value }))

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (loading) return
    const origin = values.origin.trim()
    const destination = values.destination.trim()
    if (!origin || !destination) {
      setErrors({
        origin: origin ? undefined : MISSING_POSTALS,
        destination: destination ? undefined : MISSING_POSTALS,
      })
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please enter both origin and destination postal codes',
      })
      return
    }
    setErrors({})
    setFailure(null)
    setLoading(true)
    try {
      const weight = values.weight?.trim() ?? ''
      const answer = await compareQuotes({
        origin: { postal: origin },
        destination: { postal: destination },
        weight_lbs: weight === '' ? null : Number(weight),
        mode: values.mode,
      })
      setResult(answer)
      setQuotedWeight(weight === '' ? load?.defaults.weightLbs : Number(weight))
      toast({
        variant: 'success',
        title: 'Quotes Retrieved',
        description: `Found ${answer.quotes.length} quotes`,
      })
    } catch (error) {
      const fields = formErrors(error)
      setErrors(fields)
      const onFields = Object.values(fields).some(Boolean)
      setResult(null)
      setFailure(
        onFields
          ? null
          : isApiError(error) && error.status === 403
            ? 'Your account cannot compare rates yet.'
            : 'The quotes could not be fetched. Check your connection and try again.'
      )
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to fetch quotes' })
    } finally {
      setLoading(false)
    }
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Compare carrier rates</CardTitle>
          <CardDescription>
            Quotes from the PalletLine Network and partner carriers for one shipment.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            aria-label="Rate comparison"
            onSubmit={submit}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_10rem_auto] lg:items-start"
          >
            <TextField
              id="tms-origin"
              label="Origin postal code"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              placeholder="60601"
              value={values.origin}
              onChange={set('origin')}
              error={errors.origin}
            />
            <TextField
              id="tms-destination"
              label="Destination postal code"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              placeholder="48201"
              value={values.destination}
              onChange={set('destination')}
              error={errors.destination}
            />
            <TextField
              id="tms-weight"
              label="Weight (lbs)"
              type="number"
              min={1}
              max={load?.trailerWeightLbs}
              step={1}
              value={shownWeight(values)}
              onChange={set('weight')}
              error={errors.weight}
            />
            <FormField id="tms-mode" label="Mode" error={errors.mode}>
              <NativeSelect
                id="tms-mode"
                value={values.mode}
                onChange={set('mode')}
                aria-invalid={errors.mode ? true : undefined}
                aria-describedby={errors.mode ? 'tms-mode-error' : undefined}
              >
                {MODE_OPTIONS.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <Button type="submit" disabled={loading} className="lg:mt-6">
              <Calculator className="h-4 w-4" aria-hidden="true" />
              {loading ? 'Comparing...' : 'Compare'}
            </Button>
          </form>
        </CardContent>
      </Card>

      <section aria-label="Quotes" aria-busy={loading}>
        {loading ? (
          <div className="space-y-3" aria-label="Loading quotes">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28 w-full" />
            ))}
          </div>
        ) : failure ? (
          <Alert variant="error" title="No quotes">
            {failure}
          </Alert>
        ) : result ? (
          <QuoteResults result={result} canBook={canBook} quotedWeight={quotedWeight} />
        ) : (
          <EmptyState
            icon={Calculator}
            title="No comparison yet"
            description="Enter an origin and destination postal code, then Compare."
          />
        )}
      </section>
    </div>
  )
}

function QuoteResults({
  result,
  canBook,
  quotedWeight,
}: {
  result: QuoteComparison
  canBook: boolean
  /** the weight the quotes were asked for, pounds */
  quotedWeight?: number
}) {
  return (
    <div className="space-y-3">
      {result.unavailable.length > 0 ? (
        <Alert title="Some carriers did not answer">
          <ul className="list-inside list-disc">
            {result.unavailable.map((u) => (
              <li key={u.provider}>
                {providerLabel(u.provider)}: {u.reason}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {result.quotes.length === 0 ? (
        <EmptyState
          icon={Calculator}
          title="No quotes for this shipment"
          description="No carrier quoted this lane. Try another mode or weight."
        />
      ) : (
        <ul aria-label="Carrier quotes" className="space-y-3">
          {result.quotes.map((quote) => (
            <li key={quote.id}>
              <QuoteCard quote={quote} canBook={canBook} weightLbs={quotedWeight} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
