import type * as React from 'react'
import { AppProvider } from '@/app/provider'
import { PrerenderedPageContext } from '@/app/prerendered-page'

/** The app's providers around a router: the browser's (main.tsx) or the prerender's. */
export function App({
  prerendered = false,
  children,
}: {
  prerendered?: boolean
  children: React.ReactNode
}) {
  return (
    <PrerenderedPageContext.Provider value={prerendered}>
      <AppProvider>{children}</AppProvider>
    </PrerenderedPageContext.Provider>
  )
}
