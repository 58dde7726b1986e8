import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { INVITE_HOURS } from '@/features/freight-board/api/accept-invite'
import type { InviteOutcome } from '@/features/freight-board/hooks/use-invite-link'

/** What became of the invite link the carrier opened: the load is theirs for now, or why not. */
export function InviteOutcomeBanner({
  outcome,
  onDismiss,
}: {
  outcome: InviteOutcome
  onDismiss: () => void
}) {
  const dismiss = (
    <Button variant="outline" size="sm" className="mt-2" onClick={onDismiss}>
      Dismiss
    </Button>
  )
  if (outcome.kind === 'accepted') {
    return (
      <Alert variant="success" title="Invite accepted">
        <p>
          Load #{outcome.loadId} is reserved for you: no other carrier sees it during the invite's{' '}
          {INVITE_HOURS}-hour exclusive window. Hold or claim it on the board below.
        </p>
        {dismiss}
      </Alert>
    )
  }
  return (
    <Alert variant="error" title="Invite could not be used">
      <p>{outcome.message}</p>
      {dismiss}
    </Alert>
  )
}
