import * as React from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { TextField } from '@/components/ui/text-field'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { isApiError } from '@/lib/api-client'
import { formatCurrency } from '@/lib/format'
import {
  useFinanceAdminActions,
  useFuelIndex,
  type FuelIndex,
} from '@/features/finance/api/finance-admin'
import { useAction } from '@/features/finance/hooks/use-action'

const FuelChart = React.lazy(() => import('@/features/finance/components/fuel-chart'))

/** Weeks shown as text beside the chart (the newest). */
const RECENT_WEEKS = 6

function ChartSkeleton() {
  return <Skeleton className="h-72 w-full" aria-label="Loading the fuel chart" />
}

/** The admin's fuel index: the chart, the latest weeks, a week, a CSV import, the surcharge table. */
export function FuelIndexPanel() {
  const { data, error, isLoading, mutate, isValidating } = useFuelIndex()
  return (
    <Card id="fuel-index" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Fuel index</CardTitle>
        <CardDescription>
          Weekly U.S. No 2 diesel retail price and the fuel surcharge it gives. Quotes and invoices
          use the week in force on the shipment&apos;s date.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {isLoading ? (
          <ChartSkeleton />
        ) : error || !data ? (
          <LoadError
            title="Could not load the fuel index"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : (
          <FuelIndexBody data={data} />
        )}
      </CardContent>
    </Card>
  )
}

function FuelIndexBody({ data }: { data: FuelIndex }) {
  const recent = data.weeks.slice(-RECENT_WEEKS).reverse()
  return (
    <>
      <React.Suspense fallback={<ChartSkeleton />}>
        <FuelChart weeks={data.weeks} />
      </React.Suspense>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label="Latest weeks">
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 pr-4 font-medium">Week of</th>
              <th className="py-1 pr-4 font-medium">Diesel $/gal</th>
              <th className="py-1 font-medium">Fuel surcharge</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((week) => (
              <tr key={week.indexDate} className="border-t border-slate-100">
                <td className="py-1 pr-4">{week.indexDate}</td>
                <td className="py-1 pr-4 tabular-nums">
                  {week.dieselPrice === null ? '—' : `$${week.dieselPrice.toFixed(3)}`}
                </td>
                <td className="py-1 tabular-nums">{week.fscPct}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <AddWeekForm />
        <CsvImportForm />
      </div>
      <SurchargeTables data={data} />
    </>
  )
}

function AddWeekForm() {
  const { recordWeek } = useFinanceAdminActions()
  const { busy, errors, run } = useAction()
  const [indexDate, setIndexDate] = React.useState('')
  const [price, setPrice] = React.useState('')
  return (
    <form
      className="space-y-3"
      aria-label="Add a week"
      onSubmit={(event) => {
        event.preventDefault()
        void run(() => recordWeek({ indexDate, dieselPrice: Number(price) }), 'Week recorded')
      }}
    >
      <h3 className="font-semibold text-slate-900">Add a week</h3>
      <TextField
        id="fuel-week-date"
        label="Week of"
        type="date"
        value={indexDate}
        onChange={(e) => setIndexDate(e.target.value)}
        error={errors.indexDate}
        required
      />
      <TextField
        id="fuel-week-price"
        label="Diesel price ($/gal)"
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={errors.dieselPrice}
        required
      />
      <Button type="submit" disabled={busy}>
        Record week
      </Button>
    </form>
  )
}

/** EIA's weekly CSV: read in the browser, sent as text; every bad row is listed. */
function CsvImportForm() {
  const { importCsv } = useFinanceAdminActions()
  const [busy, setBusy] = React.useState(false)
  const [rows, setRows] = React.useState<string[]>([])
  const [result, setResult] = React.useState<string | null>(null)
  const onFile = async (file: File | undefined) => {
    if (!file) return
    setBusy(true)
    setRows([])
    setResult(null)
    try {
      const done = await importCsv(await file.text())
      setResult(`Imported ${done.imported} weeks: ${done.added} new, ${done.updated} corrected.`)
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.fieldErrors : []
      setRows(fieldErrors.length ? fieldErrors.map((e) => e.message) : [String(error)])
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900">Import EIA weekly CSV</h3>
      <FormField
        id="fuel-csv"
        label="CSV file (date, price)"
        hint="Every row is checked; a file with a bad row changes nothing."
      >
        <Input
          id="fuel-csv"
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </FormField>
      {result ? <Alert variant="success" title={result} /> : null}
      {rows.length ? (
        <Alert variant="error" title={`The file was refused: ${rows.length} bad rows`}>
          <ul className="list-disc pl-4">
            {rows.slice(0, 20).map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  )
}

function SurchargeTables({ data }: { data: FuelIndex }) {
  const { addTable } = useFinanceAdminActions()
  const { busy, errors, run } = useAction()
  const [form, setForm] = React.useState({ effectiveDate: '', basePrice: '', step: '' })
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.value })
  return (
    <section className="space-y-3" aria-label="Surcharge table">
      <h3 className="font-semibold text-slate-900">Surcharge table</h3>
      <p className="text-sm text-slate-600">
        No surcharge up to the base price, then 1% per full step above it. A new version reprices
        the weeks from its date.
      </p>
      <ul className="space-y-1 text-sm">
        {data.tables.map((table) => (
          <li key={table.effectiveDate}>
            From {table.effectiveDate}: base {formatCurrency(table.basePrice)}, 1% per{' '}
            {formatCurrency(table.step)}
          </li>
        ))}
      </ul>
      <form
        className="grid gap-3 sm:grid-cols-4 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          void run(
            () =>
              addTable({
                effectiveDate: form.effectiveDate,
                basePrice: Number(form.basePrice),
                step: Number(form.step),
              }),
            'Surcharge table saved'
          )
        }}
      >
        <TextField
          id="fsc-date"
          label="In force from"
          type="date"
          value={form.effectiveDate}
          onChange={set('effectiveDate')}
          error={errors.effectiveDate}
          required
        />
        <TextField
          id="fsc-base"
          label="Base price ($/gal)"
          inputMode="decimal"
          value={form.basePrice}
          onChange={set('basePrice')}
          error={errors.basePrice}
          required
        />
        <TextField
          id="fsc-step"
          label="Step ($/gal per 1%)"
          inputMode="decimal"
          value={form.step}
          onChange={set('step')}
          error={errors.step}
          required
        />
        <Button type="submit" disabled={busy}>
          Save version
        </Button>
      </form>
    </section>
  )
}
