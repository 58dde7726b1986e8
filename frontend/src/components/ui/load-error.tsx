import { RefreshCw } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'

/** What a panel shows when its data failed to load: the reason and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying = false,
}: {
  title: string
  error: unknown
  onRetry?: () => void
  retrying?: boolean
}) {
  return (
    <div className="space-y-3">
      <Alert variant="error" title={title}>
        {error instanceof Error ? error.message : String(error)}
      </Alert>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try again
        </Button>
      ) : null}
    </div>
  )
}
