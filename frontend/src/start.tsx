import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { App } from '@/app'
import { createAppRouter } from '@/app/router'

/**
 * The app itself (React, the router, the providers), started by main.tsx: it hydrates a
 * prerendered page's HTML, or renders into the empty shell.
 */
export async function start(root: HTMLElement, prerendered: boolean): Promise<Root> {
  const router = await createAppRouter({ prerendered })
  const app = (
    <StrictMode>
      <App prerendered={prerendered}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  )
  if (!prerendered) {
    const reactRoot = createRoot(root)
    reactRoot.render(app)
    return reactRoot
  }
  // In a transition, React hydrates in slices and lets the browser answer input in between,
  // rather than in one long task (as React Router's own hydrating entry does).
  let reactRoot: Root | undefined
  startTransition(() => {
    reactRoot = hydrateRoot(root, app)
  })
  return reactRoot!
}
