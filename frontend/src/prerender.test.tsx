import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from '@testing-library/react'
import type { Root } from 'react-dom/client'
import { PRERENDERED_PAGES } from '../prerender'
import { renderPage } from '@/prerender'
import { PUBLIC_PAGES } from '@/app/public-page'
import { startPublicPage } from '@/public-start'
import { mockFetch } from '@/testing/mock-fetch'
import { makeUser } from '@/testing/test-utils'

const HEADINGS: Record<string, string> = {
  '/': 'Ship pallets on trucks already heading your way',
  '/overview': 'Platform Overview',
  '/about': 'About PalletLine',
  '/contact': 'Contact Us',
  '/auth': 'PalletLine',
  '/login': 'Welcome back',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/agreement': 'User Agreement',
}

let reactRoot: Root | undefined
let consoleErrors: string[] = []
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }

beforeEach(() => {
  // Hydration runs as in the browser (a transition, lazy parts arriving later), not in act().
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
  // The server and the client renderer share this process, which React's development build
  // warns about ("multiple renderers"): not a page problem. Anything else is kept.
  consoleErrors = []
  const print = console.error.bind(console)
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const message = args.map(String).join(' ')
    if (message.includes('multiple renderers')) return
    consoleErrors.push(message)
    print(...args)
  })
})

afterEach(() => {
  reactRoot?.unmount()
  reactRoot = undefined
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

const hydrated = (element: Element | null) =>
  element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'))

/** Puts a page's prerendered HTML in the document, as the server sends it. */
async function serve(pathname: string) {
  const { markup } = await renderPage(pathname)
  document.body.innerHTML = `<div id="root">${markup}</div>`
  window.history.replaceState(null, '', pathname)
  return document.getElementById('root')!
}

describe('prerendered public pages', () => {
  it('lists a heading for every prerendered page', () => {
    expect(Object.keys(HEADINGS).sort()).toEqual(Object.keys(PRERENDERED_PAGES).sort())
  })

  it('hydrates every prerendered page on its own (public-start.tsx)', () => {
    expect(Object.keys(PUBLIC_PAGES).sort()).toEqual(Object.keys(PRERENDERED_PAGES).sort())
  })

  it.each(Object.entries(HEADINGS))(
    '%s renders its text and the visitor header, with no inline script',
    async (pathname, heading) => {
      const { markup, meta } = await renderPage(pathname)
      const page = document.createElement('div')
      page.innerHTML = markup
      expect(page.querySelector('h1')?.textContent).toBe(heading)
      expect(page.querySelector('nav[aria-label="Main"]')).not.toBeNull()
      expect(page.querySelector('[data-testid="page-spinner"]')).toBeNull()
      expect(markup).not.toMatch(/<script/i)
      expect(meta.title).toMatch(/PalletLine/)
      expect(meta.description.length).toBeGreaterThan(20)
    }
  )

  it('renders the featured board of /overview loading (its loads are live)', async () => {
    const { markup } = await renderPage('/overview')
    expect(markup).toContain('aria-label="Loading featured loads"')
  })

  it.each(['/', '/about'])(
    '%s prints no figure the platform has not measured (decision 0190)',
    async (pathname) => {
      const { markup } = await renderPage(pathname)
      const page = document.createElement('div')
      page.innerHTML = markup
      const strip = page.querySelector('[aria-label="PalletLine at a glance"]')
      expect(strip?.textContent).toContain('Vetted')
      expect(strip?.textContent).not.toMatch(/\d/)
      for (const invented of ['500+', '10,000+', '99.5%', '24/7']) {
        expect(page.textContent).not.toContain(invented)
      }
    }
  )

  it('keeps forms inert until hydrated (React would drop what was typed before)', async () => {
    const { markup } = await renderPage('/auth')
    expect(markup).toMatch(/<form[^>]*aria-label="Sign in"[^>]*inert=""/)
  })

  it.each(['/', '/auth', '/overview'])(
    '%s hydrates without the router and without a mismatch, keeping the server’s nodes',
    async (pathname) => {
      mockFetch({
        'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
        'GET /api/freight-listings/featured': { body: [] },
        'POST /api/analytics/events': { status: 204 },
      })
      const root = await serve(pathname)
      const heading = root.querySelector('h1')
      reactRoot = await startPublicPage(root)
      // Hydrated, lazy parts included: the forms come alive, the menu answers. The Toaster
      // comes with a first toast (decision 0219), so the page has none to hydrate.
      await waitFor(() => {
        expect(root.querySelector('form[inert]')).toBeNull()
        expect(hydrated(root.querySelector('[aria-label="Open menu"]'))).toBe(true)
      })
      expect(root.querySelector('[aria-label="Notifications (F8)"]')).toBeNull()
      expect(root.querySelector('h1')).toBe(heading)
      expect(consoleErrors).toEqual([])
    }
  )

  it('sends a signed-in user on: the full app takes over once GET /api/user answers', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser({ role: 'shipper' }) },
      'GET /api/freight-listings/featured': { body: [] },
      'POST /api/analytics/events': { status: 204 },
    })
    const root = await serve('/')
    reactRoot = await startPublicPage(root)
    await waitFor(() => expect(window.location.pathname).toBe('/shipper'), { timeout: 10_000 })
    await waitFor(() => expect(document.querySelector('#root')).not.toBe(root))
    // The app's SWR hooks fetch and show what they got (its provider set the shared cache up
    // anew): here every dashboard read fails, so its retry buttons appear.
    const reads = () => calls.filter((c) => c.method === 'GET' && !c.url.includes('/api/user'))
    await waitFor(() => expect(reads().length).toBeGreaterThan(0))
    await waitFor(() => expect(document.body.textContent).toContain('Try again'), {
      timeout: 10_000,
    })
  })

  it('changes the /auth tab in place, and hands over to the full app on a link to another page', async () => {
    mockFetch({
      'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
      'POST /api/analytics/events': { status: 204 },
    })
    const root = await serve('/auth')
    reactRoot = await startPublicPage(root)
    await waitFor(() => expect(root.querySelector('form[inert]')).toBeNull())
    const signUp = [...root.querySelectorAll('[role="tab"]')].find((tab) =>
      tab.textContent?.includes('Sign Up')
    ) as HTMLElement
    signUp.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }))
    signUp.click()
    await waitFor(() => expect(window.location.search).toBe('?tab=signup'))
    expect(window.location.pathname).toBe('/auth')
    const about = root.querySelector('a[href="/about"]') as HTMLAnchorElement
    about.click()
    // The full app has the page now, in a #root of its own; Back is React Router's.
    const heading = () => document.querySelector('#root h1')?.textContent
    await waitFor(() => expect(heading()).toBe('About PalletLine'), { timeout: 10_000 })
    expect(window.location.pathname).toBe('/about')
    expect(root.isConnected).toBe(false)
    window.history.back()
    await waitFor(() => expect(window.location.pathname).toBe('/auth'))
    await waitFor(() => expect(heading()).toBe('PalletLine'))
  })
})
