import * as React from 'react'
import { Search } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import type { SearchCriteria } from '@/features/shipper/api/search-listings'
import {
  checkSearchForm,
  effectivePickupDate,
  MAX_PALLETS,
  MIN_PALLETS,
  MISSING_INFORMATION,
  type SearchFormField,
  type SearchFormValues,
} from '@/features/shipper/utils/search-form'

type FieldMessages = Partial<Record<SearchFormField, string>>

const FIELD_ORDER: SearchFormField[] = [
  'pickupAddress',
  'deliveryAddress',
  'numberOfPallets',
  'pickupDate',
]

/**
 * 'Ship My Freight': pickup and delivery address, pallets (1-100) and a pickup date that
 * defaults to today, cannot be in the past, and falls back to today when cleared.
 */
export function SearchForm({
  today,
  isSearching,
  onSearch,
  serverErrors,
}: {
  /** `YYYY-MM-DD` in the shipper time zone. */
  today: string
  isSearching: boolean
  onSearch: (criteria: SearchCriteria) => void
  /** Field messages from the server's last answer (422). */
  serverErrors?: FieldMessages
}) {
  const [values, setValues] = React.useState<SearchFormValues>({
    pickupAddress: '',
    deliveryAddress: '',
    numberOfPallets: '',
    pickupDate: today,
  })
  const [errors, setErrors] = React.useState<FieldMessages>({})
  const [missing, setMissing] = React.useState<SearchFormField[]>([])

  React.useEffect(() => {
    if (serverErrors) setErrors(serverErrors)
  }, [serverErrors])

  const set = (field: SearchFormField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
    setMissing((m) => m.filter((f) => f !== field))
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const check = checkSearchForm(values, today)
    setMissing(check.missing)
    setErrors(check.errors)
    if (check.missing.length > 0) {
      toast({ variant: 'destructive', ...MISSING_INFORMATION })
    }
    const first = FIELD_ORDER.find((f) => check.missing.includes(f) || check.errors[f])
    if (first) {
      document.getElementById(`search-${first}`)?.focus()
      return
    }
    onSearch({
      pickupAddress: values.pickupAddress.trim(),
      deliveryAddress: values.deliveryAddress.trim(),
      numberOfPallets: Number(values.numberOfPallets),
      pickupDate: effectivePickupDate(values.pickupDate, today),
    })
  }

  const invalid = (field: SearchFormField) => missing.includes(field) || Boolean(errors[field])

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <Search className="h-5 w-5 text-brand-500" aria-hidden="true" />
            Ship My Freight
          </span>
        </CardTitle>
        <CardDescription>
          Tell us where your pallets go and when; carriers with space on that lane answer with a
          fixed price.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-label="Ship My Freight" className="space-y-4">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TextField
              id="search-pickupAddress"
              label="Pickup Address"
              placeholder="City, state or ZIP, e.g. Chicago, IL"
              autoComplete="off"
              value={values.pickupAddress}
              onChange={(e) => set('pickupAddress', e.target.value)}
              aria-invalid={invalid('pickupAddress') || undefined}
              aria-required="true"
              error={errors.pickupAddress}
            />
            <TextField
              id="search-deliveryAddress"
              label="Delivery Address"
              placeholder="City, state or ZIP, e.g. Detroit, MI"
              autoComplete="off"
              value={values.deliveryAddress}
              onChange={(e) => set('deliveryAddress', e.target.value)}
              aria-invalid={invalid('deliveryAddress') || undefined}
              aria-required="true"
              error={errors.deliveryAddress}
            />
            <TextField
              id="search-numberOfPallets"
              label="Number of Pallets"
              type="number"
              inputMode="numeric"
              min={MIN_PALLETS}
              max={MAX_PALLETS}
              step={1}
              placeholder="1-100"
              value={values.numberOfPallets}
              onChange={(e) => set('numberOfPallets', e.target.value)}
              aria-invalid={invalid('numberOfPallets') || undefined}
              aria-required="true"
              error={errors.numberOfPallets}
            />
            <TextField
              id="search-pickupDate"
              label="Pickup Date"
              type="date"
              min={today}
              value={values.pickupDate}
              // Clearing the date picker means "as soon as possible": today.
              onChange={(e) => set('pickupDate', e.target.value || today)}
              aria-invalid={invalid('pickupDate') || undefined}
              error={errors.pickupDate}
              hint="Defaults to today."
            />
          </div>
          <Button type="submit" disabled={isSearching} className="w-full md:w-auto">
            <Search className="h-4 w-4" aria-hidden="true" />
            {isSearching ? 'Searching...' : 'Search Carriers'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
