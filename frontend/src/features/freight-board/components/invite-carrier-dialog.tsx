import * as React from 'react'
import { Users } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
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
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/components/ui/use-toast'
import { formatDateTime } from '@/lib/format'
import { useInviteCandidates } from '@/features/freight-board/api/get-invite-candidates'
import { useInviteCarrier } from '@/features/freight-board/api/invite-carrier'
import type { FreightInviteCandidate, ShipperLoad } from '@/features/freight-board/api/types'
import { fieldErrorsOf, serverMessageOf } from '@/lib/api-errors'

function InviteForm({
  loadId,
  candidates,
  onSent,
  onCancel,
}: {
  loadId: number
  candidates: FreightInviteCandidate[]
  onSent: () => void
  onCancel: () => void
}) {
  const send = useInviteCarrier(loadId)
  const [candidateId, setCandidateId] = React.useState('')
  const [error, setError] = React.useState<string | undefined>()
  const [busy, setBusy] = React.useState(false)
  const selectId = `invite-${loadId}-carrier`

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!candidateId) {
      setError('Choose a carrier to invite')
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      const invite = await send(candidateId)
      toast({
        variant: 'success',
        title: 'Invite sent',
        description: `They have exclusive access until ${formatDateTime(invite.expires_at)}.`,
      })
      onSent()
    } catch (failure) {
      setError(fieldErrorsOf(failure).candidateId)
      toast({
        variant: 'destructive',
        title: 'Invite failed',
        description: serverMessageOf(failure) ?? 'The invite could not be sent',
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <FormField id={selectId} label="Carrier" error={error}>
        <NativeSelect
          id={selectId}
          value={candidateId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : undefined}
          onChange={(e) => {
            setCandidateId(e.target.value)
            setError(undefined)
          }}
        >
          <option value="">Choose a carrier</option>
          {candidates.map((c) => (
            <option key={c.candidateId} value={c.candidateId}>
              {c.companyName}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !candidateId}>
          {busy ? 'Sending...' : 'Send invite'}
        </Button>
      </DialogFooter>
    </form>
  )
}

function InviteCandidates({ loadId, onClose }: { loadId: number; onClose: () => void }) {
  const query = useInviteCandidates(loadId)
  return (
    <LoadStates
      query={query}
      loadingLabel="Loading carriers you can invite"
      errorTitle="Could not load the carriers you can invite"
      skeletonRows={2}
      empty={{
        icon: Users,
        title: 'No carriers to invite yet',
        description:
          'Only carriers you have paid a booking with can be invited. Once you pay for a booking, its carrier appears here.',
      }}
    >
      {(candidates) => (
        <InviteForm loadId={loadId} candidates={candidates} onSent={onClose} onCancel={onClose} />
      )}
    </LoadStates>
  )
}

/** Invite a carrier the shipper has shipped with: it sees the load alone for 2 hours. */
export function InviteCarrierDialog({
  load,
  onClose,
}: {
  /** the load to invite to; null when the dialog is closed */
  load: ShipperLoad | null
  onClose: () => void
}) {
  return (
    <Dialog open={load != null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a carrier to listing #{load?.id}</DialogTitle>
          <DialogDescription>
            The carrier gets an email with a link and 2 hours of exclusive access: no other carrier
            sees the load until then.
          </DialogDescription>
        </DialogHeader>
        {load ? <InviteCandidates key={load.id} loadId={load.id} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  )
}
