import { LoadStates } from '@/components/load-states'
import { formatDateTime, formatStatus } from '@/lib/format'
import { useLoadAudits } from '@/features/freight-board/api/get-load-audits'
import type { FreightAuditAction } from '@/features/freight-board/api/types'

const ACTION_LABELS: Record<FreightAuditAction, string> = {
  posted: 'Posted',
  recommended: 'Rate recommended',
  funded: 'Funded by card',
  funding_failed: 'Card payment failed',
  refunded: 'Funding refunded to the card',
  held: 'Held by a carrier',
  released: 'Hold released',
  expired: 'Expired',
  claimed: 'Claimed',
  cancelled: 'Cancelled',
  reopened: 'Back on the board (booking cancelled)',
  invited: 'Carrier invited',
  invite_used: 'Invite used',
  invite_cancelled: 'Invite ended (carrier cannot take loads)',
}

/** What happened to one load, oldest first. */
export function LoadAuditTimeline({ loadId }: { loadId: number }) {
  const query = useLoadAudits(loadId)
  return (
    <LoadStates
      query={query}
      loadingLabel="Loading history"
      errorTitle="Could not load the history"
      empty={{ title: 'No history yet' }}
      skeletonRows={2}
    >
      {(audits) => (
        <ol
          aria-label={`History of listing #${loadId}`}
          className="space-y-2 border-l-2 border-slate-200 pl-4"
        >
          {audits.map((audit) => (
            <li key={audit.id} className="text-sm">
              <span className="font-medium text-slate-900">
                {ACTION_LABELS[audit.action] ?? formatStatus(audit.action)}
              </span>
              {audit.actor_role ? (
                <span className="text-slate-600"> · {formatStatus(audit.actor_role)}</span>
              ) : null}
              <span className="block text-slate-600">{formatDateTime(audit.created_at)}</span>
            </li>
          ))}
        </ol>
      )}
    </LoadStates>
  )
}
