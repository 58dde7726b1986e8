import * as React from 'react'
import { BellRing, Trash2 } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FieldError } from '@/components/ui/form-field'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { createAlertRule, type AlertRuleInput } from '@/features/tms/api/create-alert-rule'
import { deleteAlertRule } from '@/features/tms/api/delete-alert-rule'
import { useAlertRules, type AlertRule } from '@/features/tms/api/get-alert-rules'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'

type Trigger = AlertRuleInput['triggers'][number]
type Channel = AlertRuleInput['channels'][number]

const TRIGGERS: { value: Trigger; label: string }[] = [
  { value: 'exception', label: 'Exception' },
  { value: 'late', label: 'Late' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'last_free_day', label: 'Drayage last free day' },
]
const CHANNELS: { value: Channel; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'in_app', label: 'In-app' },
]

const labelOf = (list: { value: string; label: string }[], value: string) =>
  list.find((x) => x.value === value)?.label ?? value

const toggle = <T,>(list: T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value]

const scopeOf = (rule: AlertRule) =>
  rule.shipment.scope === 'all' ? 'All shipments' : rule.shipment.reference

/** Alert rules: which shipments, which triggers, which channels; a matching event notifies once. */
export function AlertRules() {
  const query = useAlertRules()
  const [deleting, setDeleting] = React.useState<number | null>(null)

  const remove = async (rule: AlertRule) => {
    setDeleting(rule.id)
    try {
      await deleteAlertRule(rule.id)
      await query.mutate((rules = []) => rules.filter((r) => r.id !== rule.id), {
        revalidate: false,
      })
      toast({ variant: 'success', title: 'Alert rule deleted', description: rule.name })
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error, 'Failed to delete the alert rule'),
      })
    } finally {
      setDeleting(null)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Alert rules</CardTitle>
        <CardDescription>Be told about exceptions, late arrivals and deliveries.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <CreateRuleForm
          onCreated={(rule) =>
            void query.mutate((rules = []) => [...rules, rule], { revalidate: false })
          }
        />
        <LoadStates
          query={query}
          loadingLabel="Loading alert rules"
          errorTitle="Could not load your alert rules"
          empty={{ icon: BellRing, title: 'No alert rules yet' }}
        >
          {(rules) => (
            <ul aria-label="Alert rules" className="divide-y divide-slate-200 rounded-md border">
              {rules.map((rule) => (
                <li key={rule.id} className="flex items-start justify-between gap-3 px-3 py-2">
                  <div className="min-w-0 text-sm">
                    <p className="break-words font-medium text-slate-900">{rule.name}</p>
                    <p className="text-slate-700">
                      {scopeOf(rule)} · {rule.triggers.map((t) => labelOf(TRIGGERS, t)).join(', ')}{' '}
                      · {rule.channels.map((c) => labelOf(CHANNELS, c)).join(', ')}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete alert rule ${rule.name}`}
                    disabled={deleting === rule.id}
                    onClick={() => void remove(rule)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
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

function CreateRuleForm({ onCreated }: { onCreated: (rule: AlertRule) => void }) {
  const [name, setName] = React.useState('')
  const [shipment, setShipment] = React.useState('all')
  const [triggers, setTriggers] = React.useState<Trigger[]>(['exception', 'late', 'delivered'])
  const [channels, setChannels] = React.useState<Channel[]>(['in_app'])
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [saving, setSaving] = React.useState(false)

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const local: Record<string, string> = {}
    if (!name.trim()) local.name = 'Rule name is required'
    if (triggers.length === 0) local.triggers = 'Choose at least one trigger'
    if (channels.length === 0) local.channels = 'Choose at least one channel'
    setErrors(local)
    if (Object.keys(local).length > 0 || saving) return
    setSaving(true)
    try {
      const rule = await createAlertRule({
        name: name.trim(),
        shipment: shipment.trim() || 'all',
        triggers,
        channels,
      })
      onCreated(rule)
      setName('')
      setShipment('all')
      toast({ variant: 'success', title: 'Alert rule created', description: rule.name })
    } catch (error) {
      const fields = fieldErrorsOf(error)
      if (Object.keys(fields).length > 0) setErrors(fields)
      else {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error, 'Failed to create the alert rule'),
        })
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <form noValidate aria-label="Create alert rule" onSubmit={submit} className="space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          id="rule-name"
          label="Rule name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          id="rule-shipment"
          label="Shipment"
          hint="all, a booking number or a TRT- reference"
          value={shipment}
          onChange={(e) => setShipment(e.target.value)}
          error={errors.shipment}
        />
      </div>
      <CheckboxGroup
        legend="Triggers"
        name="triggers"
        options={TRIGGERS}
        value={triggers}
        onToggle={(v) => setTriggers((t) => toggle(t, v))}
        error={errors.triggers}
      />
      <CheckboxGroup
        legend="Channels"
        name="channels"
        options={CHANNELS}
        value={channels}
        onToggle={(v) => setChannels((c) => toggle(c, v))}
        error={errors.channels}
      />
      <Button type="submit" size="sm" disabled={saving}>
        {saving ? 'Creating...' : 'Create rule'}
      </Button>
    </form>
  )
}

function CheckboxGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onToggle,
  error,
}: {
  legend: string
  name: string
  options: { value: T; label: string }[]
  value: T[]
  onToggle: (value: T) => void
  error?: string
}) {
  return (
    <fieldset aria-describedby={error ? `rule-${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              className="h-4 w-4 rounded border-slate-300 accent-brand-700"
              checked={value.includes(o.value)}
              onChange={() => onToggle(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={`rule-${name}-error`} message={error} />
    </fieldset>
  )
}
