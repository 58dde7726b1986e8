/*
 * The server side of the prerender (frontend/prerender.ts runs it at build time): one public
 * page's markup as a visitor first sees it, the current user still loading. It is the tree that
 * public-start.tsx hydrates (app/public-page.tsx), without the router. Lazy parts (the compact
 * menu, the Toaster) are in the HTML too, and hydrate once their code arrives.
 */
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { PUBLIC_PAGES, PublicPage } from '@/app/public-page'
import { pageMeta, type PageMeta } from '@/config/page-meta'

// The router's paths, for the server's 404 of unknown pages (frontend/prerender.ts).
export { CLIENT_ROUTES } from '@/config/paths'

export type PrerenderedPage = { markup: string; meta: PageMeta }

const noHandOver = () => {
  throw new Error('a prerendered page navigated while rendering')
}

export async function renderPage(pathname: string): Promise<PrerenderedPage> {
  const page = PUBLIC_PAGES[pathname]
  if (!page) throw new Error(`${pathname} is not a public page (app/public-page.tsx)`)
  const { default: Page } = await page.load()
  const element = (
    <PublicPage
      page={Page}
      gate={page.gate}
      pathname={pathname}
      location={{ pathname, search: '', hash: '' }}
      handOver={noHandOver}
    />
  )
  // The first pass waits for the lazy parts to load; the second renders them in place, where a
  // part still loading would need an inline script to be moved in (the CSP allows none).
  await prerender(element)
  return { markup: renderToString(element), meta: pageMeta(pathname) }
}
