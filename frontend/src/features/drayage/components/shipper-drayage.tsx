import * as React from 'react'
import { Container } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { createDrayageMove } from '@/features/drayage/api/create-drayage-move'
import { useDrayageMoves } from '@/features/drayage/api/get-drayage-moves'
import { useTerminals } from '@/features/drayage/api/get-terminals'
import { DrayageMoveCard } from '@/features/drayage/components/drayage-move-card'
import { CancelMoveForm } from '@/features/drayage/components/cancel-move-form'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'

/**
 * The shipper's Drayage section: request a container move, then follow its free time and
 * charges; `completed` renders what a complete move shows besides (its invoice, from app/).
 */
export function ShipperDrayage({
  today,
  completed,
}: {
  today: string
  completed?: (moveId: number) => React.ReactNode
}) {
  const moves = useDrayageMoves()
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Drayage</h1>
        <p className="mt-1 text-slate-600">
          Container moves from port and rail terminals: free time, demurrage and per diem.
        </p>
      </div>
      <CreateMoveForm today={today} onCreated={() => void moves.mutate()} />
      <section aria-labelledby="drayage-moves-heading" className="space-y-3">
        <h2 id="drayage-moves-heading" className="text-lg font-semibold text-slate-900">
          My drayage moves
        </h2>
        <LoadStates
          query={moves}
          loadingLabel="Loading drayage moves"
          errorTitle="Could not load your drayage moves"
          empty={{
            icon: Container,
            title: 'No drayage moves yet',
            description: 'Request a move above when a container is available at a terminal.',
          }}
        >
          {(list) => (
            <div className="space-y-4">
              {list.map((move) => (
                <DrayageMoveCard
                  key={move.id}
                  move={move}
                  actions={
                    move.status === 'EMPTY_RETURNED' ? (
                      completed?.(move.id)
                    ) : (
                      <CancelMoveForm move={move} onDone={() => void moves.mutate()} />
                    )
                  }
                />
              ))}
            </div>
          )}
        </LoadStates>
      </section>
    </div>
  )
}

function CreateMoveForm({ today, onCreated }: { today: string; onCreated: () => void }) {
  const terminals = useTerminals()
  const [containerNo, setContainerNo] = React.useState('')
  const [terminalCode, setTerminalCode] = React.useState('')
  const [availableOn, setAvailableOn] = React.useState(today)
  const [deliveryAddress, setDeliveryAddress] = React.useState('')
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [saving, setSaving] = React.useState(false)

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const local: Record<string, string> = {}
    if (!containerNo.trim()) local.containerNo = 'Container number is required'
    if (!terminalCode) local.terminalCode = 'Please select a terminal'
    if (!availableOn) local.availableOn = 'Availability date is required'
    if (deliveryAddress.trim().length < 5) local.deliveryAddress = 'Delivery address is required'
    setErrors(local)
    if (Object.keys(local).length > 0 || saving) return
    setSaving(true)
    try {
      const move = await createDrayageMove({
        containerNo: containerNo.trim(),
        terminalCode,
        availableOn,
        deliveryAddress: deliveryAddress.trim(),
      })
      onCreated()
      setContainerNo('')
      setDeliveryAddress('')
      toast({
        variant: 'success',
        title: 'Drayage move created',
        description: `${move.reference}: last free day ${move.lastFreeDay}`,
      })
    } catch (error) {
      const fields = fieldErrorsOf(error)
      if (Object.keys(fields).length > 0) setErrors(fields)
      else {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error, 'Failed to create the drayage move'),
        })
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>New drayage move</CardTitle>
        <CardDescription>
          Free time, demurrage and per diem follow the terminal’s tariff; you never type a charge.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="drayage-container"
            label="Container number"
            placeholder="CSQU3054383"
            value={containerNo}
            onChange={(e) => setContainerNo(e.target.value)}
            error={errors.containerNo}
            autoComplete="off"
          />
          <FormField id="drayage-terminal" label="Terminal" error={errors.terminalCode}>
            <NativeSelect
              id="drayage-terminal"
              value={terminalCode}
              onChange={(e) => setTerminalCode(e.target.value)}
              aria-invalid={errors.terminalCode ? true : undefined}
              aria-describedby={errors.terminalCode ? 'drayage-terminal-error' : undefined}
              disabled={terminals.isLoading}
            >
              <option value="">
                {terminals.isLoading ? 'Loading terminals…' : 'Select a terminal'}
              </option>
              {(terminals.data ?? []).map((t) => (
                <option key={t.id} value={t.code}>
                  {t.name ?? t.code} ({t.code})
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <TextField
            id="drayage-available"
            type="date"
            label="Available at the terminal"
            value={availableOn}
            onChange={(e) => setAvailableOn(e.target.value)}
            error={errors.availableOn}
          />
          <TextField
            id="drayage-delivery"
            label="Delivery address"
            placeholder="2400 E Artesia Blvd, Long Beach, CA 90805"
            value={deliveryAddress}
            onChange={(e) => setDeliveryAddress(e.target.value)}
            error={errors.deliveryAddress}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Creating...' : 'Create drayage move'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
