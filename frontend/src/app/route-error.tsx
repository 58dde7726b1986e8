import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

/** Shown when a route fails to load or render (e.g. a lazy chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError()
  const message = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error'
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="max-w-md text-sm text-slate-600">{message}</p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <a href={paths.home.getHref()}>Back to Home</a>
        </Button>
      </div>
      <Link to={paths.contact.getHref()} className="text-sm text-brand-700 hover:underline">
        Contact support
      </Link>
    </div>
  )
}
