import * as React from 'react'
import { BookmarkPlus, Calculator, Send } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextAreaField, TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { createSubmissionKeys } from '@/lib/idempotency'
import { postLoad } from '@/features/freight-board/api/post-load'
import { recommendRate } from '@/features/freight-board/api/recommend-rate'
import {
  EQUIPMENT,
  SERVICE_MODES,
  type Equipment,
  type RateRecommendation,
  type ServiceMode,
} from '@/features/freight-board/api/types'
import { RateEstimate } from '@/features/freight-board/components/rate-estimate'
import { TemplateNameDialog } from '@/features/freight-board/components/template-name-dialog'
import { saveLoadTemplate } from '@/features/freight-board/api/load-templates'
import { fieldErrorsOf, serverMessageOf } from '@/lib/api-errors'
import {
  checkPostLoad,
  EMPTY_POST_LOAD,
  formFieldErrors,
  previewFreightClass,
  toListingForm,
  type PostLoadField,
  type PostLoadValues,
} from '@/features/freight-board/utils/post-load-form'
import { FreightClassPreview, FreightDetailsFields } from '@/components/freight-details-fields'
import { EQUIPMENT_LABELS, MODE_LABELS } from '@/config/freight-labels'
import { formatCount } from '@/lib/format'
import { usePlatformConstants, type LoadDefaults } from '@/lib/platform-constants'

type Errors = Partial<Record<PostLoadField, string>>

// Fields the rate estimate does not depend on.
const PRICE_NEUTRAL: PostLoadField[] = [
  'notes',
  'price',
  'commodity',
  'pieces',
  'packaging',
  'consignee',
  'hazmat',
  'unNumber',
  'hazardClass',
  'allowOffers',
  'offerFloor',
]

const FIELD_ORDER: PostLoadField[] = [
  'originPostal',
  'destinationPostal',
  'pallets',
  'weightLbs',
  'length',
  'width',
  'height',
  'commodity',
  'pieces',
  'packaging',
  'consignee',
  'unNumber',
  'hazardClass',
  'pickupEarliest',
  'deliveryLatest',
  'notes',
  'price',
  'offerFloor',
]

function errorToast(title: string, error: unknown) {
  const message = serverMessageOf(error)
  toast({
    variant: 'destructive',
    title: 'Error',
    description: message ? `${title}: ${message}` : title,
  })
}

/** What the empty number inputs stand for, in words: the server's default load. */
function defaultsSentence(defaults: LoadDefaults | undefined): string {
  if (!defaults) return 'Empty numbers use the default load.'
  const { pallets, weightLbs, dims } = defaults
  return `Empty numbers use the defaults: ${formatCount(pallets)} pallet${pallets === 1 ? '' : 's'}, ${formatCount(weightLbs)} lbs, ${dims.l} × ${dims.w} × ${dims.h} in.`
}

/**
 * docs/spec.md §2 "Post a Load": the form, the rate estimate, and Publish Load. The default load
 * (placeholders and the sentence above the form) is the server's (GET /api/platform/constants,
 * docs/decisions/0201); until it has arrived the inputs have no placeholder and an empty one is
 * still the server's default.
 */
export function PostLoadForm({
  onPosted,
  initialValues = EMPTY_POST_LOAD,
  templateName,
  onTemplateSaved,
}: {
  onPosted?: (id: number) => void
  /** A template's values (docs/decisions/0248); the form starts from them and not its dates. */
  initialValues?: PostLoadValues
  /** The template the form was filled from, named above the form. */
  templateName?: string
  onTemplateSaved?: () => void
}) {
  const defaults = usePlatformConstants().data?.load.defaults
  const placeholder = (value: number | undefined) =>
    value === undefined ? undefined : String(value)
  const [values, setValues] = React.useState<PostLoadValues>(initialValues)
  const [naming, setNaming] = React.useState(false)
  const [errors, setErrors] = React.useState<Errors>({})
  const [recommendation, setRecommendation] = React.useState<RateRecommendation | null>(null)
  const [estimating, setEstimating] = React.useState(false)
  const [publishing, setPublishing] = React.useState(false)
  const keys = React.useRef(createSubmissionKeys())

  const set = (field: PostLoadField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
    // An estimate answers for the lane and freight it was asked about, not for edited ones.
    if (!PRICE_NEUTRAL.includes(field)) setRecommendation(null)
  }

  const field = (name: PostLoadField) => ({
    id: `post-load-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(name, e.target.value),
  })

  // Runs the client checks; focuses the first field in error and answers false when any fails.
  const checked = () => {
    const found = checkPostLoad(values)
    setErrors(found)
    const first = FIELD_ORDER.find((f) => found[f])
    if (first) document.getElementById(`post-load-${first}`)?.focus()
    return !first
  }

  const showServerErrors = (error: unknown) => {
    const own = formFieldErrors(fieldErrorsOf(error))
    if (Object.keys(own).length > 0) setErrors((e) => ({ ...e, ...own }))
  }

  const estimate = async () => {
    if (!checked()) return
    setEstimating(true)
    try {
      const answer = await recommendRate(toListingForm(values))
      setRecommendation(answer)
      setValues((v) =>
        v.price.trim() === '' ? { ...v, price: String(Math.round(answer.mid)) } : v
      )
    } catch (error) {
      showServerErrors(error)
      errorToast('Failed to get rate recommendation', error)
    } finally {
      setEstimating(false)
    }
  }

  const publish = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (publishing || values.price.trim() === '' || !checked()) return
    setPublishing(true)
    try {
      const form = toListingForm(values)
      const { id } = await postLoad(form, keys.current.keyFor(form))
      toast({ variant: 'success', title: `Load posted successfully! Listing #${id}` })
      setValues(EMPTY_POST_LOAD)
      setErrors({})
      setRecommendation(null)
      keys.current = createSubmissionKeys()
      onPosted?.(id)
    } catch (error) {
      showServerErrors(error)
      errorToast('Failed to post load', error)
    } finally {
      setPublishing(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Load details</CardTitle>
        <CardDescription>{defaultsSentence(defaults)}</CardDescription>
        {templateName ? (
          <p className="text-sm text-slate-700" role="status">
            Filled from the template <strong>{templateName}</strong>: add the dates and publish.
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={publish} aria-label="Post a Load" className="space-y-6">
          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="sr-only">Lane and equipment</legend>
            <TextField
              {...field('originPostal')}
              label="Origin ZIP"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              placeholder="e.g. 60601"
              aria-required="true"
            />
            <TextField
              {...field('destinationPostal')}
              label="Destination ZIP"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              placeholder="e.g. 48201"
              aria-required="true"
            />
            <FormField id="post-load-equipment" label="Equipment">
              <NativeSelect
                id="post-load-equipment"
                value={values.equipment}
                onChange={(e) => set('equipment', e.target.value as Equipment)}
              >
                {EQUIPMENT.map((value) => (
                  <option key={value} value={value}>
                    {EQUIPMENT_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="post-load-mode" label="Service Mode">
              <NativeSelect
                id="post-load-mode"
                value={values.mode}
                onChange={(e) => set('mode', e.target.value as ServiceMode)}
              >
                {SERVICE_MODES.map((value) => (
                  <option key={value} value={value}>
                    {MODE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </fieldset>

          <fieldset className="grid grid-cols-2 gap-4 sm:grid-cols-5">
            <legend className="sr-only">Freight</legend>
            <TextField
              {...field('pallets')}
              label="Pallets"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder={placeholder(defaults?.pallets)}
            />
            <TextField
              {...field('weightLbs')}
              label="Weight (lbs)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder={placeholder(defaults?.weightLbs)}
            />
            <TextField
              {...field('length')}
              label="Length (in)"
              type="number"
              inputMode="decimal"
              min={1}
              placeholder={placeholder(defaults?.dims.l)}
            />
            <TextField
              {...field('width')}
              label="Width (in)"
              type="number"
              inputMode="decimal"
              min={1}
              placeholder={placeholder(defaults?.dims.w)}
            />
            <TextField
              {...field('height')}
              label="Height (in)"
              type="number"
              inputMode="decimal"
              min={1}
              placeholder={placeholder(defaults?.dims.h)}
            />
          </fieldset>

          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="text-sm font-medium text-slate-900">What is shipping</legend>
            <FreightClassPreview
              preview={previewFreightClass(values, defaults)}
              inputs="post-load-pallets post-load-weightLbs post-load-length post-load-width post-load-height"
              when="when you publish"
            />
            <FreightDetailsFields
              idPrefix="post-load"
              values={values}
              errors={errors}
              onChange={set}
              commodityHint="Required for LTL; printed on the bill of lading."
            />
          </fieldset>

          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="sr-only">Pickup and delivery window</legend>
            <TextField {...field('pickupEarliest')} label="Pickup Earliest" type="datetime-local" />
            <TextField {...field('deliveryLatest')} label="Delivery Latest" type="datetime-local" />
            <TextAreaField
              {...field('notes')}
              label="Special Instructions"
              placeholder="Dock hours, liftgate, appointment..."
              containerClassName="sm:col-span-2"
              maxLength={2000}
            />
          </fieldset>

          <div className="space-y-4">
            <Button
              type="button"
              variant="outline"
              onClick={() => void estimate()}
              disabled={estimating}
              className="w-full sm:w-auto"
            >
              <Calculator className="h-4 w-4" aria-hidden="true" />
              {estimating ? 'Estimating...' : 'Get Rate Estimate'}
            </Button>
            {recommendation ? <RateEstimate recommendation={recommendation} /> : null}
          </div>

          <fieldset className="grid grid-cols-1 items-end gap-4 sm:grid-cols-2">
            <legend className="sr-only">Offers</legend>
            <div className="flex items-center gap-3">
              <input
                id="post-load-allowOffers"
                type="checkbox"
                className="h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                checked={values.allowOffers === 'yes'}
                onChange={(e) => set('allowOffers', e.target.checked ? 'yes' : '')}
              />
              <label htmlFor="post-load-allowOffers" className="text-sm text-slate-700">
                Take offers from carriers
              </label>
            </div>
            {values.allowOffers === 'yes' ? (
              <TextField
                {...field('offerFloor')}
                label="Offer floor (USD, optional)"
                type="number"
                inputMode="decimal"
                min={0.01}
                step="0.01"
                hint="Offers below it are declined at once; carriers never see it."
              />
            ) : null}
          </fieldset>

          <div className="grid grid-cols-1 items-end gap-4 sm:grid-cols-2">
            <TextField
              {...field('price')}
              label="Your Price (USD)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              placeholder="e.g. 1250"
              hint="Required to publish; the estimate fills it with its mid when empty."
            />
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-self-end">
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  if (checked()) setNaming(true)
                }}
                className="w-full sm:w-auto"
              >
                <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
                Save as template
              </Button>
              <Button
                type="submit"
                disabled={publishing || values.price.trim() === ''}
                className="w-full sm:w-auto"
              >
                <Send className="h-4 w-4" aria-hidden="true" />
                {publishing ? 'Publishing...' : 'Publish Load'}
              </Button>
            </div>
          </div>
        </form>
        <TemplateNameDialog
          open={naming}
          title="Save as template"
          description="Everything on the form but the dates is kept, to post this load again."
          initialName={templateName ?? ''}
          confirmLabel="Save template"
          onClose={() => setNaming(false)}
          onSave={async (name) => {
            await saveLoadTemplate(name, toListingForm(values))
            toast({ variant: 'success', title: `Template "${name}" saved` })
            onTemplateSaved?.()
          }}
        />
      </CardContent>
    </Card>
  )
}
