import * as React from 'react'
import { Anchor } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { useTerminals, type Terminal } from '@/features/drayage/api/get-terminals'
import { saveTerminal, type TerminalInput } from '@/features/drayage/api/save-terminal'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { formatCurrency } from '@/lib/format'
import { parseBands } from '@/features/drayage/utils/line-haul'

type Form = {
  code: string
  name: string
  unLocode: string
  address: string
  kind: 'PORT' | 'RAIL'
  tierFrom: string
  tierRate: string
  /** the line-haul bands as "miles: dollars" pairs, e.g. "25: 450, 50: 600"; empty = defaults */
  bands: string
}

const EMPTY: Form = {
  code: '',
  name: '',
  unLocode: '',
  address: '',
  kind: 'PORT',
  tierFrom: '',
  tierRate: '',
  bands: '',
}

const formOf = (t: Terminal): Form => ({
  code: t.code,
  name: t.name ?? '',
  unLocode: t.unLocode ?? '',
  address: t.address ?? '',
  kind: t.kind,
  tierFrom: t.demurrageTiers[0] ? String(t.demurrageTiers[0].fromDay) : '',
  tierRate: t.demurrageTiers[0] ? String(t.demurrageTiers[0].perDay) : '',
  bands: t.lineHaulBands.map((b) => `${b.upToMiles}: ${b.cents / 100}`).join(', '),
})

const bandText = (t: Terminal) =>
  t.effectiveLineHaulBands
    .map((b) => `≤${b.upToMiles} mi ${formatCurrency(b.cents / 100)}`)
    .join(', ') + (t.lineHaulBands.length === 0 ? ' (default)' : '')

const tierText = (t: Terminal) =>
  t.demurrageTiers.length === 0
    ? 'Base rate'
    : t.demurrageTiers
        .map((tier) => `day ${tier.fromDay}+: ${formatCurrency(tier.perDay)}`)
        .join(', ')

/** Admins' terminal list: add a terminal, or edit one's name, address, UN/LOCODE, demurrage tier and line-haul bands. */
export function TerminalsAdmin() {
  const query = useTerminals()
  const [form, setForm] = React.useState<Form>(EMPTY)
  const [editing, setEditing] = React.useState<Terminal | null>(null)
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [saving, setSaving] = React.useState(false)
  const set = (field: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }))

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    const bands = parseBands(form.bands)
    if (bands === null) {
      setErrors({ bands: 'Write each band as miles: dollars, e.g. 25: 450, 50: 600' })
      return
    }
    const input: TerminalInput = {
      code: form.code.trim(),
      name: form.name.trim(),
      address: form.address.trim(),
      kind: form.kind,
      ...(form.unLocode.trim() ? { unLocode: form.unLocode.trim() } : {}),
      demurrageTiers:
        form.tierFrom && form.tierRate
          ? [{ fromDay: Number(form.tierFrom), perDay: Number(form.tierRate) }]
          : [],
      perDiemTiers: editing?.perDiemTiers ?? [],
      lineHaulBands: bands,
    }
    setSaving(true)
    try {
      const saved = await saveTerminal(input, editing?.id)
      await query.mutate()
      setForm(EMPTY)
      setEditing(null)
      setErrors({})
      toast({
        variant: 'success',
        title: editing ? 'Terminal updated' : 'Terminal added',
        description: saved.code,
      })
    } catch (error) {
      const fields = fieldErrorsOf(error)
      const tier = Object.entries(fields).find(([k]) => k.startsWith('demurrageTiers'))
      const band = Object.entries(fields).find(([k]) => k.startsWith('lineHaulBands'))
      if (Object.keys(fields).length > 0)
        setErrors({ ...fields, tier: tier?.[1] ?? '', bands: band?.[1] ?? '' })
      else
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error, 'Failed to save the terminal'),
        })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card id="terminals" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Terminals</CardTitle>
        <CardDescription>
          Container terminals and rail ramps shippers request drayage from, with their demurrage
          tiers and line-haul tariff (a price per distance band; empty uses the defaults).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <form
          noValidate
          onSubmit={submit}
          aria-label={editing ? `Edit terminal ${editing.code}` : 'Add a terminal'}
          className="grid gap-3 sm:grid-cols-3"
        >
          <TextField
            id="terminal-code"
            label="Code"
            value={form.code}
            onChange={set('code')}
            error={errors.code}
          />
          <TextField
            id="terminal-name"
            label="Name"
            value={form.name}
            onChange={set('name')}
            error={errors.name}
          />
          <TextField
            id="terminal-unlocode"
            label="UN/LOCODE"
            placeholder="USLAX"
            value={form.unLocode}
            onChange={set('unLocode')}
            error={errors.unLocode}
          />
          <TextField
            id="terminal-address"
            label="Address"
            value={form.address}
            onChange={set('address')}
            error={errors.address}
            containerClassName="sm:col-span-2"
          />
          <FormField id="terminal-kind" label="Kind" error={errors.kind}>
            <NativeSelect id="terminal-kind" value={form.kind} onChange={set('kind')}>
              <option value="PORT">Port terminal</option>
              <option value="RAIL">Rail ramp</option>
            </NativeSelect>
          </FormField>
          <TextField
            id="terminal-tier-from"
            type="number"
            min={2}
            label="Higher demurrage from day"
            value={form.tierFrom}
            onChange={set('tierFrom')}
            error={errors.tier || undefined}
          />
          <TextField
            id="terminal-tier-rate"
            type="number"
            min={0.01}
            step="0.01"
            label="Higher rate per day ($)"
            value={form.tierRate}
            onChange={set('tierRate')}
          />
          <TextField
            id="terminal-bands"
            label="Line-haul bands (miles: $)"
            placeholder="25: 450, 50: 600, 100: 850"
            value={form.bands}
            onChange={set('bands')}
            error={errors.bands || undefined}
            containerClassName="sm:col-span-2"
          />
          <div className="flex items-end gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : editing ? 'Save terminal' : 'Add terminal'}
            </Button>
            {editing ? (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setEditing(null)
                  setForm(EMPTY)
                  setErrors({})
                }}
              >
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
        <LoadStates
          query={query}
          loadingLabel="Loading terminals"
          errorTitle="Could not load the terminals"
          empty={{ icon: Anchor, title: 'No terminals yet' }}
        >
          {(list) => (
            <ul aria-label="Terminals" className="divide-y divide-slate-200 rounded-md border">
              {list.map((t) => (
                <li
                  key={t.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {t.code} · {t.name}{' '}
                      <Badge variant="outline">{t.kind === 'RAIL' ? 'Rail ramp' : 'Port'}</Badge>
                    </p>
                    <p className="text-slate-600">
                      {t.unLocode ?? '—'} · {t.address} · {tierText(t)}
                    </p>
                    <p className="text-slate-600">Line haul: {bandText(t)}</p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${t.code}`}
                    onClick={() => {
                      setEditing(t)
                      setForm(formOf(t))
                      setErrors({})
                    }}
                  >
                    Edit
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </LoadStates>
      </CardContent>
    </Card>
  )
}
