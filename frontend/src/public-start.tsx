import { startTransition } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { PUBLIC_PAGES, PublicPage } from '@/app/public-page'
import type { AppCache } from '@/app/provider'
import type { NavigateOptions } from '@/lib/navigation'

/**
 * A prerendered public page, hydrated on its own: React DOM, the providers and the page, without
 * the router and the rest of the app. Its links, forms and live data work at once; the full app
 * (start.tsx) is fetched once the browser is idle and takes over on the first navigation to
 * another page, or when Back leads to one.
 */
export async function startPublicPage(root: HTMLElement): Promise<Root> {
  const pathname = window.location.pathname
  const page = PUBLIC_PAGES[pathname]
  // The server prerenders exactly these paths; anything else is the app's to render afresh.
  if (!page) return (await import('@/start')).start(root)

  const { default: Page } = await page.load()
  const cache: AppCache = new Map()
  let reactRoot: Root | undefined
  let takingOver: Promise<void> | undefined

  const handOver = (to?: string, options: NavigateOptions = {}) => {
    takingOver ??= import('@/start').then(async (app) => {
      const publicRoot = reactRoot
      reactRoot = await app.takeOver(root, {
        to,
        ...options,
        cache,
        release: () => publicRoot?.unmount(),
      })
    })
  }

  // In a transition, React hydrates in slices and lets the browser answer input in between.
  startTransition(() => {
    reactRoot = hydrateRoot(
      root,
      <PublicPage
        page={Page}
        gate={page.gate}
        pathname={pathname}
        cache={cache}
        handOver={handOver}
      />
    )
  })
  whenIdle(() => void import('@/start'))
  // Whichever root has the page: this one, or the full app's once it has taken over.
  return {
    render: (children) => reactRoot?.render(children),
    unmount: () => reactRoot?.unmount(),
  }
}

/** Once the browser has nothing better to do (Safari has no requestIdleCallback). */
function whenIdle(callback: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 5000 })
  else setTimeout(callback, 2000)
}
