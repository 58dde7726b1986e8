import * as React from 'react'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'

type Empty = {
  icon?: React.ComponentType<{ className?: string }>
  title: string
  description?: React.ReactNode
  action?: React.ReactNode
}

/**
 * The states every list card goes through, in one place: skeleton rows while the first load
 * runs, the error with a retry when there is nothing to show, the empty state, then the data.
 * Data already shown stays on screen when a reload fails.
 */
export function LoadStates<T>({
  query,
  loadingLabel,
  errorTitle,
  empty,
  skeletonRows = 3,
  children,
}: {
  /** the SWR answer: its data, error, loading flags and `mutate` (the retry) */
  query: {
    data: T | undefined
    error: unknown
    isLoading: boolean
    isValidating?: boolean
    mutate: () => unknown
  }
  loadingLabel: string
  errorTitle: string
  empty: Empty
  skeletonRows?: number
  children: (data: T) => React.ReactNode
}) {
  const { data, error, isLoading, isValidating = false } = query
  if (isLoading) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    )
  }
  if (error && data === undefined) {
    return (
      <LoadError
        title={errorTitle}
        error={error}
        onRetry={() => void query.mutate()}
        retrying={isValidating}
      />
    )
  }
  if (data === undefined || (Array.isArray(data) && data.length === 0)) {
    return <EmptyState {...empty} />
  }
  return <>{children(data)}</>
}
