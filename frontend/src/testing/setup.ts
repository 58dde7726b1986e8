import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { resetToasts } from '@/components/ui/use-toast'

// findBy/waitFor wait up to 5 s (not 1 s): the lazy routes render slowly on a loaded 2-core CI
// machine, and a test should fail on what the page shows, not on how busy the machine is.
configure({ asyncUtilTimeout: 5000 })

// jsdom lacks these browser APIs; Radix and react-router call them.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true })
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined
if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false
if (!Element.prototype.releasePointerCapture)
  Element.prototype.releasePointerCapture = () => undefined
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  ;(window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver =
    ResizeObserverStub
}

afterEach(() => {
  cleanup()
  resetToasts()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  // A signed-in render leaves the "was signed in" flag (lib/session-end): no test inherits it.
  window.localStorage.clear()
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
})
