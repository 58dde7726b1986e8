import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { App } from '@/app'
import type { AppCache } from '@/app/provider'
import { preloadFirstScreen } from '@/app/first-screen-data'
import { createRoutes, loadMatchedRoutes } from '@/app/router'
import { historyEntry, pathnameOf } from '@/lib/navigation'

/**
 * The app itself (React, the router, the providers), started by main.tsx in the empty shell.
 * A prerendered public page is hydrated without it (public-start.tsx) until it takes over.
 */
export async function start(root: HTMLElement): Promise<Root> {
  // The screen's data beside its code, not after it (decision 0219).
  preloadFirstScreen(window.location)
  const reactRoot = createRoot(root)
  reactRoot.render(
    <StrictMode>
      <App>
        <RouterProvider router={createBrowserRouter(createRoutes())} />
      </App>
    </StrictMode>
  )
  return reactRoot
}

/**
 * The app takes over from a public page hydrated on its own (public-start.tsx), going to `to`
 * (or staying where the browser is, after Back). The next page's code loads first, so the public
 * page stays on screen until the app replaces it, with its #root, in one task; SWR's cache
 * carries over.
 */
export async function takeOver(
  root: HTMLElement,
  {
    to,
    replace = false,
    state,
    cache,
    release,
  }: { to?: string; replace?: boolean; state?: unknown; cache: AppCache; release: () => void }
): Promise<Root> {
  const routes = createRoutes()
  await loadMatchedRoutes(routes, to ? pathnameOf(to) : window.location.pathname)
  if (to) {
    window.history[replace ? 'replaceState' : 'pushState'](historyEntry(state), '', to)
    if (!replace) window.scrollTo(0, 0)
  }
  const router = createBrowserRouter(routes)
  // A fresh #root in the same task: no frame is painted between the two pages, and the public
  // page's root cannot touch the app's nodes. It is unmounted first: SWR drops its state for the
  // cache when the last provider using it unmounts, and the app's provider must set it up anew.
  const next = root.cloneNode(false) as HTMLElement
  root.replaceWith(next)
  release()
  const reactRoot = createRoot(next)
  flushSync(() =>
    reactRoot.render(
      <StrictMode>
        <App cache={cache}>
          <RouterProvider router={router} />
        </App>
      </StrictMode>
    )
  )
  return reactRoot
}
