/*
 * The server side of the prerender (frontend/prerender.ts runs it at build time): one public
 * page's markup as a visitor first sees it, the current user still loading. Lazy parts (the
 * compact menu, the Toaster) are in the HTML too, and hydrate once their code arrives.
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { App } from '@/app'
import { createRoutes } from '@/app/router'
import { pageMeta, type PageMeta } from '@/config/page-meta'

export type PrerenderedPage = { markup: string; meta: PageMeta }

export async function renderPage(pathname: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(createRoutes())
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')))
  if (context instanceof Response) throw new Error(`${pathname} answers ${context.status}`)
  if (context.statusCode !== 200) throw new Error(`${pathname} renders a ${context.statusCode}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const page = (
    <StrictMode>
      <App prerendered>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>
  )
  // The first pass waits for the lazy parts to load; the second renders them in place, where a
  // part still loading would need an inline script to be moved in (the CSP allows none).
  await prerender(page)
  return { markup: renderToString(page), meta: pageMeta(pathname) }
}
