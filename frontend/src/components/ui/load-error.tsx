import { RefreshCw } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { loadFailure } from '@/lib/api-errors'

/**
 * What a panel shows when its data failed to load: why, in words (`loadFailure`), and a way to
 * try again.
 */
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
  const { reason, detail } = loadFailure(error)
  return (
    <div className="space-y-3">
      <Alert variant="error" title={title}>
        {reason}
        {detail ? <span className="mt-1 block">{detail}</span> : null}
      </Alert>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try again
        </Button>
      ) : null}
    </div>
  )
}
