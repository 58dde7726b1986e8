import { Loader2 } from 'lucide-react'
import { cn } from '@/lib/utils'

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center">
      <Loader2
        aria-hidden="true"
        className={cn('h-6 w-6 animate-spin text-brand-500', className)}
      />
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** Full-screen spinner shown while a route or the current user loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" data-testid="page-spinner">
      <Spinner className="h-10 w-10" />
    </div>
  )
}
