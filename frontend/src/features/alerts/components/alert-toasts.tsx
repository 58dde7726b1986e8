import { toast } from '@/components/ui/use-toast'
import { paths } from '@/config/paths'
import type { LiveNotice } from '@/lib/live-refresh'

/**
 * A saved lane or search matched a new posting (docs/decisions/0239): a toast with a link to
 * where to look. Any other notice is not this one's. The notice names no one; the board and the
 * lists refetch (app/live-updates.tsx). The link is a plain anchor: the toaster sits outside the
 * router (app/provider.tsx).
 */
export function showAlertToast(notice: LiveNotice) {
  if (notice?.kind !== 'alert') return
  const lane = notice.change === 'saved_lane'
  const to = lane ? paths.carrier.getHref('freight-board') : paths.shipper.getHref('search')
  toast({
    title: lane ? 'A new load matches your saved lane' : 'New capacity matches your saved search',
    description: lane
      ? 'It is on the Grab & Go board now.'
      : 'A verified carrier published capacity that fits. Search to book it.',
    duration: 10_000,
    action: (
      <a className="text-sm font-medium underline" href={to}>
        {lane ? 'See the board' : 'Find carriers'}
      </a>
    ),
  })
}
