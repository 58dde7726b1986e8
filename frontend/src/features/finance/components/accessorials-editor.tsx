import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { TextField } from '@/components/ui/text-field'
import { useAccessorials, type Accessorial } from '@/features/finance/api/booking-charges'
import { useFinanceAdminActions } from '@/features/finance/api/finance-admin'
import { useAction } from '@/features/finance/hooks/use-action'

/** The accessorials master: each code's description and default price, editable; new codes. */
export function AccessorialsEditor() {
  const { data, error, isLoading, mutate, isValidating } = useAccessorials()
  return (
    <Card id="accessorials" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Accessorials</CardTitle>
        <CardDescription>
          The price list the server charges accessorials from (detention is per hour after the free
          time).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading ? (
          <Skeleton className="h-40 w-full" aria-label="Loading accessorials" />
        ) : error || !data ? (
          <LoadError
            title="Could not load the accessorials"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.accessorials.map((item) => (
              <AccessorialRow key={item.code} item={item} />
            ))}
          </ul>
        )}
        <NewAccessorial />
      </CardContent>
    </Card>
  )
}

function AccessorialRow({ item }: { item: Accessorial }) {
  const { updateAccessorial } = useFinanceAdminActions()
  const { busy, errors, run } = useAction()
  const [description, setDescription] = React.useState(item.description)
  const [price, setPrice] = React.useState(String(item.defaultPrice))
  const id = `acc-${item.code}`
  return (
    <li>
      <form
        className="grid gap-2 py-3 sm:grid-cols-[8rem_1fr_8rem_auto] sm:items-end"
        aria-label={`Accessorial ${item.code}`}
        onSubmit={(event) => {
          event.preventDefault()
          void run(
            () => updateAccessorial(item.code, { description, defaultPrice: Number(price) }),
            `${item.code} saved`
          )
        }}
      >
        <p className="font-mono text-sm font-semibold text-slate-900 sm:pb-2">{item.code}</p>
        <TextField
          id={`${id}-description`}
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />
        <TextField
          id={`${id}-price`}
          label="Default price ($)"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errors.defaultPrice}
        />
        <Button type="submit" size="sm" variant="outline" disabled={busy}>
          Save
        </Button>
      </form>
    </li>
  )
}

function NewAccessorial() {
  const { createAccessorial } = useFinanceAdminActions()
  const { busy, errors, run } = useAction()
  const [form, setForm] = React.useState({ code: '', description: '', defaultPrice: '' })
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.value })
  return (
    <form
      className="grid gap-2 border-t border-slate-200 pt-4 sm:grid-cols-[8rem_1fr_8rem_auto] sm:items-end"
      aria-label="New accessorial"
      onSubmit={(event) => {
        event.preventDefault()
        void run(async () => {
          await createAccessorial({ ...form, defaultPrice: Number(form.defaultPrice) })
          setForm({ code: '', description: '', defaultPrice: '' })
        }, 'Accessorial added')
      }}
    >
      <TextField
        id="acc-new-code"
        label="Code"
        value={form.code}
        onChange={set('code')}
        error={errors.code}
        required
      />
      <TextField
        id="acc-new-description"
        label="Description"
        value={form.description}
        onChange={set('description')}
        error={errors.description}
        required
      />
      <TextField
        id="acc-new-price"
        label="Default price ($)"
        inputMode="decimal"
        value={form.defaultPrice}
        onChange={set('defaultPrice')}
        error={errors.defaultPrice}
        required
      />
      <Button type="submit" size="sm" disabled={busy}>
        Add
      </Button>
    </form>
  )
}
