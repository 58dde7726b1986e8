import * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/input'
import { toast } from '@/components/ui/use-toast'
import { isApiError } from '@/lib/api-client'
import { serverMessage } from '@/lib/api-errors'
import { useCarrierStanding, type FleetCarrier } from '@/features/admin/api/fleet-oversight'

export const SUSPEND_REASON_MIN = 10
export const SUSPEND_REASON_MAX = 500

export type StandingAction = { carrier: FleetCarrier; action: 'suspend' | 'reinstate' }

/** Suspend (reason required) or reinstate (reason optional) one carrier, with a toast. */
export function CarrierStandingDialog({
  target,
  onClose,
}: {
  target: StandingAction | null
  onClose: () => void
}) {
  const { change, pendingId } = useCarrierStanding()
  const [reason, setReason] = React.useState('')
  const [error, setError] = React.useState<string | undefined>()
  const suspending = target?.action === 'suspend'

  React.useEffect(() => {
    setReason('')
    setError(undefined)
  }, [target])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!target) return
    const text = reason.trim()
    if (suspending && text.length < SUSPEND_REASON_MIN) {
      setError(
        text
          ? `The reason must be at least ${SUSPEND_REASON_MIN} characters`
          : 'Give the reason for the suspension'
      )
      return
    }
    if (text.length > SUSPEND_REASON_MAX) {
      setError(`The reason must be at most ${SUSPEND_REASON_MAX} characters`)
      return
    }
    setError(undefined)
    try {
      await change(target.carrier.carrierId, target.action, text || undefined)
      toast({
        variant: 'success',
        title: suspending ? 'Carrier suspended' : 'Carrier reinstated',
        description: target.carrier.companyName,
      })
      onClose()
    } catch (err) {
      const field = isApiError(err) ? err.fieldErrors[0]?.message : undefined
      const message = field ?? serverMessage(err, 'The change failed')
      setError(message)
      toast({ variant: 'destructive', title: 'Could not change the carrier', description: message })
    }
  }

  const id = 'carrier-standing-reason'
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogHeader>
            <DialogTitle>
              {suspending ? 'Suspend' : 'Reinstate'} {target?.carrier.companyName}
            </DialogTitle>
            <DialogDescription>
              {suspending
                ? 'Its listings leave search and its freight-board holds are released at once. It keeps its data and can be reinstated.'
                : 'It is approved again and its vetting is run again.'}
            </DialogDescription>
          </DialogHeader>
          <FormField
            id={id}
            label={suspending ? 'Reason for the suspension' : 'Reason (optional)'}
            error={error}
          >
            <Textarea
              id={id}
              rows={3}
              value={reason}
              maxLength={SUSPEND_REASON_MAX}
              aria-describedby={`${id}-error`}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={suspending ? 'destructive' : 'default'}
              disabled={target !== null && pendingId === target.carrier.carrierId}
            >
              {suspending ? 'Suspend carrier' : 'Reinstate carrier'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
