import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'

/**
 * Previous / Next under a paged list, with "Page 2 of 5 · 83 messages" between them (read out
 * when it changes). Both buttons wait while a page is loading.
 */
export function Pager({
  label,
  page,
  lastPage,
  total,
  noun,
  loading,
  onPage,
}: {
  /** The landmark's name, e.g. "Contact message pages". */
  label: string
  page: number
  lastPage: number
  total: number
  /** What is counted, singular and plural. */
  noun: [string, string]
  loading: boolean
  onPage: (page: number) => void
}) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 text-sm">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1 || loading}
        onClick={() => onPage(Math.max(1, page - 1))}
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
      </Button>
      <span className="text-slate-600" aria-live="polite">
        Page {page} of {lastPage} · {total} {total === 1 ? noun[0] : noun[1]}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= lastPage || loading}
        onClick={() => onPage(Math.min(lastPage, page + 1))}
      >
        Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  )
}
