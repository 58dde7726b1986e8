import * as React from 'react'
import { SWRConfig, type SWRConfiguration } from 'swr'
import { Toaster } from '@/components/ui/toaster'
import { TooltipProvider } from '@/components/ui/tooltip'
import { swrFetcher } from '@/lib/api-client'
import { AuthProvider } from '@/features/auth/components/auth-provider'

/**
 * SPEC point 7: key segments joined with '/' are the path; no automatic retry, no refetch on
 * focus or reconnect, and cached data never goes stale unless something mutates it.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateIfStale: false,
  revalidateOnReconnect: false,
}

export function AppProvider({ children }: { children: React.ReactNode }) {
  // One cache per provider instance: a fresh app (or test) never sees another one's data.
  const [cache] = React.useState(() => new Map())
  return (
    <SWRConfig value={{ ...swrConfig, provider: () => cache }}>
      <TooltipProvider>
        <AuthProvider>
          {children}
          <Toaster />
        </AuthProvider>
      </TooltipProvider>
    </SWRConfig>
  )
}
