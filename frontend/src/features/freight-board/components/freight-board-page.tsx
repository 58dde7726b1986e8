import { Alert } from '@/components/ui/alert'
import type { ClaimResult } from '@/features/freight-board/api/types'
import { FreightBoard } from '@/features/freight-board/components/freight-board'
import { MyOffers } from '@/features/freight-board/components/my-offers'
import { InviteOutcomeBanner } from '@/features/freight-board/components/invite-outcome-banner'
import { useInviteLink } from '@/features/freight-board/hooks/use-invite-link'

/** /freight-board: the grab-and-go board of posted loads; invite links land here. */
export function FreightBoardPage({ onClaimed }: { onClaimed?: (result: ClaimResult) => void }) {
  const invite = useInviteLink()
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Freight Board</h1>
        <p className="mt-1 text-slate-600">
          Loads posted by shippers. Hold one for 30 minutes or claim it with one click.
        </p>
      </header>
      {invite.pending ? <Alert variant="info">Opening your invite...</Alert> : null}
      {invite.outcome ? (
        <InviteOutcomeBanner outcome={invite.outcome} onDismiss={invite.dismiss} />
      ) : null}
      <FreightBoard onClaimed={onClaimed} />
      <MyOffers />
    </main>
  )
}
