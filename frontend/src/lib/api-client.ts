/**
 * The one HTTP client of the app: same-origin JSON calls with the session cookie, the
 * XSRF header on mutations, and errors shaped `"<status>: <message>"` (docs/spec.md §8).
 */

export type FieldError = { field: string; message: string; rule?: string }

export type ApiErrorBody = { message?: string; errors?: FieldError[] } & Record<string, unknown>

export class ApiError extends Error {
  readonly status: number
  /** Parsed JSON body when the response had one, else the raw text (or null when empty). */
  readonly body: ApiErrorBody | string | null

  constructor(status: number, message: string, body: ApiErrorBody | string | null) {
    super(`${status}: ${message}`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }

  /** Field errors of a 422 response, `[]` otherwise. */
  get fieldErrors(): FieldError[] {
    if (this.body && typeof this.body === 'object' && Array.isArray(this.body.errors)) {
      return this.body.errors
    }
    return []
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const XSRF_COOKIE = 'XSRF-TOKEN'

export function readXsrfToken(): string | null {
  if (typeof document === 'undefined') return null
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === XSRF_COOKIE) {
      try {
        return decodeURIComponent(rest.join('='))
      } catch {
        return rest.join('=')
      }
    }
  }
  return null
}

// The server sets the XSRF cookie when the browser has none that fits (the health check and
// webhooks never do); in development the page itself comes from Vite, so the very first
// mutation may need one cheap GET of the current user to obtain it.
let priming: Promise<void> | null = null
async function ensureXsrfToken(): Promise<string | null> {
  const existing = readXsrfToken()
  if (existing) return existing
  priming ??= fetch('/api/user', {
    credentials: 'same-origin',
    // A visitor gets 200 null, not a 401 the browser logs as an error (decision 0174).
    headers: { 'Accept': 'application/json', 'X-Allow-Anonymous': '1' },
  })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      priming = null
    })
  await priming
  return readXsrfToken()
}

function messageOf(body: ApiErrorBody | string | null, raw: string, statusText: string) {
  if (
    body &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    typeof body.message === 'string' &&
    body.message
  ) {
    return body.message
  }
  if (raw) return raw
  return statusText || 'Request failed'
}

/**
 * Calls whose 401 is about the credentials sent (a wrong password, no first step), not about
 * a session that ended.
 */
const SIGN_IN_CALLS = new Set(['/api/login', '/api/login/two-factor'])

type UnauthorizedListener = (url: string) => void
const unauthorizedListeners = new Set<UnauthorizedListener>()

/**
 * Hears every 401 ("not signed in") the API answers, except a sign-in's own: the auth state
 * uses it to tell a session that ended from a visitor who never signed in (decision 0167).
 * Returns the unsubscribe.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener)
  return () => {
    unauthorizedListeners.delete(listener)
  }
}

export type RequestOptions = {
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Sees the response (its headers, e.g. a page's total) before the body is read. */
  onResponse?: (response: Response) => void
}

export async function request<T>(
  method: string,
  url: string,
  options: RequestOptions = {}
): Promise<T> {
  const upper = method.toUpperCase()
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  // A FormData body (multipart uploads) sets its own Content-Type with the boundary.
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json'
  if (MUTATING.has(upper)) {
    const token = await ensureXsrfToken()
    if (token) headers['X-XSRF-TOKEN'] = token
  }

  const response = await fetch(url, {
    method: upper,
    credentials: 'same-origin',
    headers,
    body:
      options.body === undefined
        ? undefined
        : multipart
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal,
  })
  options.onResponse?.(response)

  const text = await response.text()
  let parsed: ApiErrorBody | string | null = null
  if (text) {
    try {
      parsed = JSON.parse(text) as ApiErrorBody
    } catch {
      parsed = text
    }
  }

  if (!response.ok) {
    if (response.status === 401 && !SIGN_IN_CALLS.has(url.split('?')[0])) {
      for (const listener of unauthorizedListeners) listener(url)
    }
    throw new ApiError(response.status, messageOf(parsed, text, response.statusText), parsed)
  }
  return (parsed ?? null) as T
}

export const api = {
  get: <T>(url: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', url, { ...options, body }),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', url, { ...options, body }),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, options),
}

/** SWR's default fetcher: the key's segments joined with '/' are the path (docs/spec.md §7). */
export function swrFetcher<T>(key: string | readonly unknown[]): Promise<T> {
  const path = Array.isArray(key) ? key.map(String).join('/') : String(key)
  return api.get<T>(path)
}
