import { vi } from 'vitest'
import platformConstants from '@/testing/platform-constants.json'

export type MockRequest = {
  method: string
  url: string
  headers: Record<string, string>
  body: unknown
}

export type MockResponse = {
  status?: number
  body?: unknown
  /** Send the body as-is (text) instead of JSON. */
  raw?: string
  statusText?: string
  /** Extra response headers (e.g. a page's `X-Total-Count`). */
  headers?: Record<string, string>
}

export type MockRoute = MockResponse | ((req: MockRequest) => MockResponse | Promise<MockResponse>)

/**
 * What every test's server answers unless the test says otherwise: the platform's constants,
 * as the backend answers them (platform-constants.json; backend/core/tests/functional/
 * platform_constants.spec.ts checks they agree).
 */
const DEFAULT_ROUTES: Record<string, MockRoute> = {
  'GET /api/platform/constants': { body: platformConstants },
}

/**
 * Replace global fetch with a router keyed by "METHOD /path" (query string ignored), over
 * `DEFAULT_ROUTES`. Unknown routes answer 404 `{ message: 'Not found' }`. Returns the mock for
 * call assertions.
 */
export function mockFetch(givenRoutes: Record<string, MockRoute>) {
  const routes = { ...DEFAULT_ROUTES, ...givenRoutes }
  const calls: MockRequest[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url
    const method = (init.method ?? 'GET').toUpperCase()
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value
    })
    let body: unknown = undefined
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body)
      } catch {
        body = init.body
      }
    } else if (init.body instanceof FormData) {
      body = init.body
    }
    const req: MockRequest = { method, url, headers, body }
    calls.push(req)
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]
    const route = routes[`${method} ${path}`]
    const res: MockResponse = route
      ? typeof route === 'function'
        ? await route(req)
        : route
      : { status: 404, body: { message: 'Not found' } }
    const status = res.status ?? 200
    const text = res.raw ?? (res.body === undefined ? '' : JSON.stringify(res.body))
    return new Response(status === 204 ? null : text, {
      status,
      statusText: res.statusText ?? '',
      headers: {
        ...(res.raw === undefined && text ? { 'Content-Type': 'application/json' } : {}),
        ...res.headers,
      },
    })
  })
  vi.stubGlobal('fetch', fn)
  return { fetch: fn, calls }
}

/** Requests made to a path (and method), e.g. `requestsTo(calls, 'POST', '/api/login')`. */
export function requestsTo(calls: MockRequest[], method: string, path: string) {
  return calls.filter((c) => c.method === method && c.url.split('?')[0].endsWith(path))
}
