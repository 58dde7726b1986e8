import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** Below the results: how many of the matches are shown, and a button for the next page. */
export function LoadMoreResults({
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number
  total: number
  hasMore: boolean
  loading: boolean
  onLoadMore: () => void
}) {
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {shown} of {total} carriers
      </p>
      {hasMore ? (
        <Button
          type="button"
          variant="outline"
          onClick={onLoadMore}
          disabled={loading}
          aria-busy={loading}
        >
          {loading ? (
            <>
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              Loading more...
            </>
          ) : (
            'Load more carriers'
          )}
        </Button>
      ) : null}
    </div>
  )
}
