import * as React from 'react'
import { FunnelX, PackageSearch, Radio } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { toast } from '@/components/ui/use-toast'
import { useLiveChannel } from '@/lib/live'
import { claimLoad } from '@/features/freight-board/api/claim-load'
import {
  BOARD_PAGE,
  MAX_BOARD_LOADS,
  NO_FILTERS,
  useBoard,
} from '@/features/freight-board/api/get-board'
import { holdLoad, releaseLoad } from '@/features/freight-board/api/hold-load'
import type {
  BoardFilters,
  BoardLoad,
  ClaimResult,
  FreightLiveMessage,
} from '@/features/freight-board/api/types'
import { BoardFiltersForm } from '@/features/freight-board/components/board-filters'
import { BoardLoadCard, type LoadAction } from '@/features/freight-board/components/board-load-card'
import { MakeOfferDialog } from '@/features/freight-board/components/make-offer-dialog'
import { VettingBarNotice } from '@/features/freight-board/components/vetting-bar-notice'
import { useOwnVetting } from '@/features/freight-board/api/get-own-vetting'
import { useDebouncedValue } from '@/features/freight-board/hooks/use-debounced-value'
import { useNow } from '@/features/freight-board/hooks/use-now'
import { useRevalidateOnExpiry } from '@/features/freight-board/hooks/use-revalidate-on-expiry'
import {
  boardFilterErrorsOf,
  checkBoardFilters,
  hasErrors,
  isRefusedFilter,
} from '@/features/freight-board/utils/board-filters'
import { serverMessageOf } from '@/lib/api-errors'

export const BOARD_CHANNEL = 'freight/board'
const ZIP_DEBOUNCE_MS = 400

/**
 * The Grab & Go board of open loads, shared by /freight-board and the carrier dashboard.
 * Pushes on `freight/board` reload it at once; the 30-second refresh covers a lost connection.
 * `onClaimed` lets the page that shows it refresh what a new booking changes (composed in app/).
 */
export function FreightBoard({
  idPrefix = 'board',
  onClaimed,
}: {
  idPrefix?: string
  onClaimed?: (result: ClaimResult) => void
}) {
  const [filters, setFilters] = React.useState<BoardFilters>(NO_FILTERS)
  const zips = useDebouncedValue(
    { origin_zip: filters.origin_zip, dest_zip: filters.dest_zip },
    ZIP_DEBOUNCE_MS
  )
  const applied = { ...filters, ...zips }
  // 25 loads, newest pickup first; "Show more loads" asks for 25 more, up to 100.
  const [limit, setLimit] = React.useState(BOARD_PAGE)
  const appliedKey = JSON.stringify(applied)
  React.useEffect(() => setLimit(BOARD_PAGE), [appliedKey])
  // A ZIP filter the server would refuse is shown on its field at once and never asked for.
  const typedErrors = checkBoardFilters(filters)
  const appliedValid = !hasErrors(checkBoardFilters(applied))
  const query = useBoard(applied, limit, appliedValid)
  const { mutate } = query
  // Loads shown before stand for other filters: none while the filters are refused, by this
  // check or by the server's 422 (its field errors on their fields), or while a fix settles.
  const refused = isRefusedFilter(query.error)
  const settling = zips.origin_zip !== filters.origin_zip || zips.dest_zip !== filters.dest_zip
  const fieldErrors = { ...(settling ? {} : boardFilterErrorsOf(query.error)), ...typedErrors }
  const showLoads = appliedValid && !refused && !hasErrors(typedErrors)
  const loads = showLoads ? query.data : undefined
  const [busy, setBusy] = React.useState<{ id: number; action: LoadAction } | null>(null)
  const [offering, setOffering] = React.useState<BoardLoad | null>(null)
  const anyHeld = (loads ?? []).some((l) => l.held)
  const now = useNow(anyHeld)

  // A carrier whose newest vetting failed cannot take loads (decisions 0158, 0189): its Hold and
  // Claim are off, and the notice above the loads says why and what fixes it.
  const vettingQuery = useOwnVetting(true)
  const ownVetting = vettingQuery.data?.vetting ?? null
  const barred = ownVetting?.result === 'fail'
  const barId = `${idPrefix}-vetting-bar`

  const revalidate = React.useCallback(() => void mutate(), [mutate])
  useLiveChannel<FreightLiveMessage>(BOARD_CHANNEL, revalidate, revalidate)
  const expiries = React.useMemo(
    () => (loads ?? []).filter((l) => l.held).map((l) => l.hold_expires_at),
    [loads]
  )
  useRevalidateOnExpiry(expiries, now, revalidate)

  const act = async (load: BoardLoad, action: LoadAction) => {
    setBusy({ id: load.id, action })
    try {
      if (action === 'hold') {
        await holdLoad(load.id)
        toast({
          variant: 'success',
          title: 'Hold placed',
          description: 'You have 30 minutes to claim this load.',
        })
      } else if (action === 'release') {
        await releaseLoad(load.id)
        toast({ title: 'Hold released', description: 'The load is back on the board.' })
      } else {
        const result = await claimLoad(load.id)
        toast({
          variant: 'success',
          title: 'Load claimed successfully! Check your bookings.',
          description: `Booking ${result.reference}`,
        })
        onClaimed?.(result)
      }
    } catch (error) {
      // A claim re-vets the carrier at dispatch: a refusal may come from a vetting that just
      // failed, which the notice above the board then explains.
      void vettingQuery.mutate()
      const message = serverMessageOf(error)
      if (action === 'claim') {
        toast({
          variant: 'destructive',
          title: 'Failed to claim',
          description: message ?? 'Load may have already been claimed',
        })
      } else if (action === 'hold') {
        toast({
          variant: 'destructive',
          title: 'Failed to hold',
          description: message ?? 'Load may already be held',
        })
      } else {
        toast({
          variant: 'destructive',
          title: 'Failed to release',
          description: message ?? 'The hold may have already ended',
        })
      }
    } finally {
      setBusy(null)
      void mutate()
    }
  }

  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS)

  return (
    <div className="space-y-4">
      <MakeOfferDialog load={offering} onClose={() => setOffering(null)} />
      <BoardFiltersForm
        idPrefix={idPrefix}
        value={filters}
        onChange={setFilters}
        errors={fieldErrors}
      />
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Radio className="h-4 w-4 text-emerald-700" aria-hidden="true" />
        Updates live · refreshes every 30 seconds
      </p>
      {barred ? <VettingBarNotice id={barId} vetting={ownVetting} /> : null}
      {hasErrors(fieldErrors) ? (
        <EmptyState
          icon={FunnelX}
          title="No loads shown for these filters"
          description="Correct the highlighted filter to see the loads that match it."
          action={
            <Button variant="outline" size="sm" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <LoadStates
          query={
            showLoads
              ? query
              : // a refusal with no field to show it on is the error; a fix settling, loading
                { ...query, data: undefined, isLoading: !refused || settling }
          }
          loadingLabel="Loading open loads"
          errorTitle="Could not load the freight board"
          skeletonRows={3}
          empty={{
            icon: PackageSearch,
            title: 'No open loads match',
            description: filtered
              ? 'Try widening the filters: clear a ZIP, choose Any equipment or mode, or include unfunded loads.'
              : 'New loads appear here the moment shippers post them.',
            action: filtered ? (
              <Button variant="outline" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                Clear filters
              </Button>
            ) : undefined,
          }}
        >
          {(loads) => (
            <div className="space-y-4">
              <ul aria-label="Open loads" className="grid grid-cols-1 gap-4 xl:grid-cols-2">
                {loads.map((load) => (
                  <BoardLoadCard
                    key={load.id}
                    load={load}
                    now={now}
                    busy={busy?.id === load.id ? busy.action : null}
                    barredBy={barred ? barId : null}
                    onAction={(l, a) => void act(l, a)}
                    onOffer={setOffering}
                  />
                ))}
              </ul>
              {loads.length >= limit && limit < MAX_BOARD_LOADS ? (
                <div className="flex justify-center">
                  <Button
                    variant="outline"
                    disabled={query.isValidating}
                    onClick={() => setLimit((n) => Math.min(n + BOARD_PAGE, MAX_BOARD_LOADS))}
                  >
                    {query.isValidating ? 'Loading more loads...' : 'Show more loads'}
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </LoadStates>
      )}
    </div>
  )
}
