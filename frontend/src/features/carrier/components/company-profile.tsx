import * as React from 'react'
import { Pencil } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { DetailList } from '@/components/detail-list'
import { LoadError } from '@/components/ui/load-error'
import { StateSelectField } from '@/components/state-select-field'
import { Skeleton } from '@/components/ui/skeleton'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { useCarrierProfile, type CarrierProfile } from '@/features/carrier/api/get-carrier-profile'
import {
  updateCarrierProfile,
  type CompanyAddressInput,
} from '@/features/carrier/api/update-carrier-profile'
import { SectionHeader } from '@/features/carrier/components/section-header'
import { InsuranceCard } from '@/features/carrier/components/insurance-card'
import {
  validateCompanyAddress,
  type AddressErrors,
  type AddressField,
} from '@/features/carrier/utils/company-address'
import { isApiError } from '@/lib/api-client'

const ADDRESS_FIELDS: AddressField[] = ['businessAddress', 'city', 'state', 'zipCode']

const addressOf = (p: CarrierProfile): CompanyAddressInput => ({
  businessAddress: p.businessAddress ?? '',
  city: p.city ?? '',
  state: p.state ?? '',
  zipCode: p.zipCode ?? '',
})

/**
 * Company Profile: the carrier company on record, its address edited in place. The company
 * name, DOT and MC number were checked at approval and stay as they are (decision 0053).
 */
export function CompanyProfile({ accountPanel }: { accountPanel: React.ReactNode }) {
  const { data, error, isLoading, isValidating, mutate } = useCarrierProfile()
  const [editing, setEditing] = React.useState(false)
  const editButton = React.useRef<HTMLButtonElement>(null)
  const opened = React.useRef(false)
  React.useEffect(() => {
    // Keyboard and screen-reader users land in the form on open and back on Edit on close.
    if (editing) document.getElementById('company-businessAddress')?.focus()
    else if (opened.current) editButton.current?.focus()
    opened.current = editing
  }, [editing])

  const rows: [string, string][] = data
    ? [
        ['Company name', data.companyName],
        ['DOT number', data.dotNumber || 'Not provided'],
        ['MC number', data.mcNumber || 'Not provided'],
        ['Business address', data.businessAddress || 'Not provided'],
        [
          'City, State ZIP',
          [[data.city, data.state].filter(Boolean).join(', '), data.zipCode]
            .filter(Boolean)
            .join(' ') || 'Not provided',
        ],
      ]
    : []

  return (
    <div className="space-y-6">
      <SectionHeader title="Company Profile" />
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="space-y-1.5">
            <CardTitle>Company</CardTitle>
            <CardDescription>The carrier company registered with this account.</CardDescription>
          </div>
          {data && !editing ? (
            <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit company
            </Button>
          ) : null}
        </CardHeader>
        <CardContent>
          {isLoading ? (
            <div
              className="grid grid-cols-1 gap-4 sm:grid-cols-2"
              role="status"
              aria-busy="true"
              aria-label="Loading company"
            >
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : error && !data ? (
            <LoadError
              title="Could not load your company profile"
              error={error}
              onRetry={() => void mutate()}
              retrying={isValidating}
            />
          ) : data && editing ? (
            <CompanyAddressForm
              profile={data}
              onSaved={async (saved) => {
                await mutate(saved, { revalidate: false })
                setEditing(false)
              }}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <DetailList rows={rows} label="Company details" />
          )}
        </CardContent>
      </Card>
      <InsuranceCard />
      {accountPanel}
    </div>
  )
}

function CompanyAddressForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: CarrierProfile
  onSaved: (saved: CarrierProfile) => Promise<void>
  onCancel: () => void
}) {
  const [values, setValues] = React.useState<CompanyAddressInput>(() => addressOf(profile))
  const [errors, setErrors] = React.useState<AddressErrors>({})
  const [saving, setSaving] = React.useState(false)

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validateCompanyAddress(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    try {
      await onSaved(
        await updateCarrierProfile({
          businessAddress: values.businessAddress.trim(),
          city: values.city.trim(),
          state: values.state,
          zipCode: values.zipCode.trim(),
        })
      )
      toast({ variant: 'success', title: 'Company profile saved' })
    } catch (err) {
      const fieldErrors: AddressErrors = {}
      if (isApiError(err)) {
        for (const e of err.fieldErrors) {
          if ((ADDRESS_FIELDS as string[]).includes(e.field)) {
            fieldErrors[e.field as AddressField] = e.message
          }
        }
      }
      setErrors(fieldErrors)
      if (Object.keys(fieldErrors).length === 0) {
        toast({
          variant: 'destructive',
          title: 'Company profile not saved',
          description: err instanceof Error ? err.message : String(err),
        })
      }
    } finally {
      setSaving(false)
    }
  }
  const set = (field: AddressField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }))

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit company" className="space-y-4">
      <DetailList
        label="Checked at approval"
        rows={[
          ['Company name', profile.companyName],
          ['DOT number', profile.dotNumber || 'Not provided'],
          ['MC number', profile.mcNumber || 'Not provided'],
        ]}
      />
      <p className="text-sm text-slate-700">
        Checked at approval. Contact support to change the company name, DOT or MC number.
      </p>
      <TextField
        id="company-businessAddress"
        label="Business address"
        autoComplete="street-address"
        placeholder="e.g. 100 W Main St"
        value={values.businessAddress}
        onChange={set('businessAddress')}
        error={errors.businessAddress}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField
          id="company-city"
          label="City"
          autoComplete="address-level2"
          placeholder="e.g. Chicago"
          value={values.city}
          onChange={set('city')}
          error={errors.city}
        />
        <StateSelectField
          id="company-state"
          value={values.state}
          onChange={(state) => setValues((v) => ({ ...v, state }))}
          error={errors.state}
        />
        <TextField
          id="company-zipCode"
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="e.g. 60601"
          value={values.zipCode}
          onChange={set('zipCode')}
          error={errors.zipCode}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save company'}
        </Button>
        <Button type="button" variant="outline" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
