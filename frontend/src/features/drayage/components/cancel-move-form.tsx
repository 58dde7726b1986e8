import * as React from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import type { DrayageMove } from '@/features/drayage/api/get-drayage-moves'
import { cancelDrayageMove } from '@/features/drayage/api/drayage-steps'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'

/**
 * The shipper's cancel (decision 0147): an open move at once, an accepted one with a reason
 * for the carrier; nothing once the container has left the terminal. It cannot be undone, so
 * it is confirmed first (docs/decisions/0164).
 */
export function CancelMoveForm({ move, onDone }: { move: DrayageMove; onDone: () => void }) {
  const [reason, setReason] = React.useState('')
  const [error, setError] = React.useState<string | undefined>()
  const [busy, setBusy] = React.useState(false)
  const [confirming, setConfirming] = React.useState(false)
  const accepted = move.status === 'ACCEPTED'
  if (move.status !== 'OPEN' && !accepted) return null

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = reason.trim()
    if (accepted && (text.length < 10 || text.length > 500)) {
      setError('Reason must be 10 to 500 characters')
      return
    }
    setError(undefined)
    setConfirming(true)
  }

  const cancel = async () => {
    setBusy(true)
    try {
      await cancelDrayageMove(move.id, reason.trim() || null)
      toast({ variant: 'success', title: 'Move cancelled', description: move.reference })
      onDone()
    } catch (failure) {
      const fields = fieldErrorsOf(failure)
      if (fields.reason) setError(fields.reason)
      else toast({ variant: 'destructive', title: serverMessage(failure, 'Could not cancel') })
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }

  return (
    <form
      aria-label={`Cancel ${move.reference}`}
      className="flex flex-wrap items-end gap-2 border-t pt-3"
      onSubmit={submit}
    >
      {accepted ? (
        <TextField
          id={`cancel-reason-${move.id}`}
          label="Reason for the carrier"
          value={reason}
          error={error}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          containerClassName="min-w-0 flex-1"
        />
      ) : null}
      <Button type="submit" variant="outline" disabled={busy}>
        Cancel move
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Cancel move ${move.reference}?`}
        description={`${
          accepted ? 'The carrier is told, with your reason. ' : ''
        }Its terminal appointments are cancelled and its charges stop today. It cannot be undone.`}
        confirmLabel="Cancel move"
        busyLabel="Cancelling..."
        cancelLabel="Keep move"
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  )
}
