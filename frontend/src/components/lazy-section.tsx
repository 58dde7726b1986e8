import * as React from 'react'
import { Spinner } from '@/components/ui/spinner'

/**
 * A component whose code loads when it is first rendered: a dashboard shows one section at a
 * time, so each section is its own chunk, fetched when shown (issue 38, decision 0219).
 * `load` resolves to the component (a named export).
 */
export function lazyComponent<C extends React.ComponentType<any>>(
  load: () => Promise<C>
): React.LazyExoticComponent<C> {
  return React.lazy(async () => ({ default: await load() }))
}

/** Where a dashboard's section renders: a spinner while the section's code arrives. */
export function SectionSuspense({ children }: { children: React.ReactNode }) {
  return (
    <React.Suspense
      fallback={
        <div className="flex min-h-[40vh] items-center justify-center">
          <Spinner className="h-8 w-8" label="Loading section" />
        </div>
      }
    >
      {children}
    </React.Suspense>
  )
}

/** A lazy part inside a shown section (a payment form, an invoice): a small spinner in place. */
export function PartSuspense({ children }: { children: React.ReactNode }) {
  return <React.Suspense fallback={<Spinner className="h-5 w-5" />}>{children}</React.Suspense>
}
