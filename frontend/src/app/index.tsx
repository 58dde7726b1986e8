import type * as React from 'react'
import { AppProvider, type AppCache } from '@/app/provider'
import { PrerenderedPageContext } from '@/app/prerendered-page'

/** The app's providers around a router (start.tsx, the prerender's) or a public page (public-start.tsx). */
export function App({
  prerendered = false,
  cache,
  children,
}: {
  prerendered?: boolean
  cache?: AppCache
  children: React.ReactNode
}) {
  return (
    <PrerenderedPageContext.Provider value={prerendered}>
      <AppProvider cache={cache}>{children}</AppProvider>
    </PrerenderedPageContext.Provider>
  )
}
