import * as React from 'react'
import { SWRConfig, type SWRConfiguration } from 'swr'
import { swrFetcher } from '@/lib/api-client'
import { useToast } from '@/components/ui/use-toast'
import { AuthProvider } from '@/features/auth/components/auth-provider'

// Radix Toast is not needed to paint a page: the toast queue lives in use-toast, and the
// Toaster, mounted once a first toast is queued (decision 0219), shows whatever is queued once
// its code has arrived.
const Toaster = React.lazy(() =>
  import('@/components/ui/toaster').then((m) => ({ default: m.Toaster }))
)

/** The Toaster from the first toast on: until then no screen loads Radix Toast. */
function ToasterOnceNeeded() {
  const { toasts } = useToast()
  const [needed, setNeeded] = React.useState(false)
  if (toasts.length > 0 && !needed) setNeeded(true)
  return needed ? (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  ) : null
}

/**
 * docs/spec.md §7: key segments joined with '/' are the path; no automatic retry, no refetch on
 * focus or reconnect, and cached data never goes stale unless something mutates it.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateIfStale: false,
  revalidateOnReconnect: false,
}

/** SWR's cache, handed from a public page to the full app when it takes over (start.tsx). */
export type AppCache = Map<string, unknown>

export function AppProvider({
  cache: givenCache,
  children,
}: {
  cache?: AppCache
  children: React.ReactNode
}) {
  // One cache per provider instance: a fresh app (or test) never sees another one's data.
  const [cache] = React.useState(() => givenCache ?? new Map())
  return (
    <SWRConfig value={{ ...swrConfig, provider: () => cache }}>
      <AuthProvider>
        {children}
        <ToasterOnceNeeded />
      </AuthProvider>
    </SWRConfig>
  )
}
