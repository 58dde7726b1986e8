import { describe, expect, it } from 'vitest'
import { api, ApiError, onUnauthorized, readXsrfToken, swrFetcher } from '@/lib/api-client'
import { mockFetch } from '@/testing/mock-fetch'
import { setXsrfCookie } from '@/testing/test-utils'

describe('api client', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const { calls } = mockFetch({ 'GET /api/user': { body: { id: 7 } } })
    await expect(api.get('/api/user')).resolves.toEqual({ id: 7 })
    expect(calls[0].headers.accept).toBe('application/json')
    expect(calls[0].headers['x-xsrf-token']).toBeUndefined()
    const init = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock
      .calls[0][1]
    expect(init.credentials).toBe('same-origin')
  })

  it('uses the JSON message field: "<status>: <message>"', async () => {
    mockFetch({
      'POST /api/login': { status: 401, body: { message: 'Invalid username or password' } },
    })
    setXsrfCookie()
    await expect(api.post('/api/login', {})).rejects.toThrow('401: Invalid username or password')
  })

  it('falls back to the raw body text, then to the status text', async () => {
    mockFetch({
      'GET /api/text': { status: 500, raw: 'Upstream exploded' },
      'GET /api/empty': { status: 503, raw: '', statusText: 'Service Unavailable' },
      'GET /api/json-without-message': { status: 400, body: { error: 'x' } },
    })
    await expect(api.get('/api/text')).rejects.toThrow('500: Upstream exploded')
    await expect(api.get('/api/empty')).rejects.toThrow('503: Service Unavailable')
    await expect(api.get('/api/json-without-message')).rejects.toThrow('400: {"error":"x"}')
  })

  it('attaches status, body and field errors of a 422', async () => {
    setXsrfCookie()
    const errors = [{ field: 'email', message: 'The email has already been taken', rule: 'unique' }]
    mockFetch({
      'POST /api/register': { status: 422, body: { message: errors[0].message, errors } },
    })
    const error = await api.post('/api/register', { email: 'a@b.co' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    const apiError = error as ApiError
    expect(apiError.status).toBe(422)
    expect(apiError.message).toBe('422: The email has already been taken')
    expect(apiError.fieldErrors).toEqual(errors)
    expect(apiError.body).toMatchObject({ errors })
  })

  it('sends the decoded XSRF-TOKEN cookie as X-XSRF-TOKEN on mutations', async () => {
    setXsrfCookie('abc%3D%3Ddef')
    const { calls } = mockFetch({
      'POST /api/logout': { status: 200, body: { ok: true } },
      'PUT /api/admin/users/3/approve': { body: { id: 3 } },
      'DELETE /api/trucks/1': { status: 204 },
    })
    await api.post('/api/logout')
    await api.put('/api/admin/users/3/approve', { isApproved: true })
    await expect(api.delete('/api/trucks/1')).resolves.toBeNull()
    for (const call of calls) expect(call.headers['x-xsrf-token']).toBe('abc==def')
    expect(calls[1].headers['content-type']).toBe('application/json')
    expect(calls[1].body).toEqual({ isApproved: true })
  })

  it('obtains the XSRF cookie with one GET when a mutation finds none', async () => {
    const { calls } = mockFetch({
      'GET /api/user': () => {
        setXsrfCookie('fresh')
        return { status: 401, body: { message: 'Unauthorized access' } }
      },
      'POST /api/analytics/events': { status: 204 },
    })
    expect(readXsrfToken()).toBeNull()
    await api.post('/api/analytics/events', { name: 'page_view' })
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/user',
      'POST /api/analytics/events',
    ])
    expect(calls[1].headers['x-xsrf-token']).toBe('fresh')
  })

  it('tells its listeners of a 401, but not of a sign-in refused for its credentials', async () => {
    setXsrfCookie()
    const unauthorized = { status: 401, body: { message: 'Not signed in' } }
    mockFetch({
      'GET /api/trucks': unauthorized,
      'POST /api/login': { status: 401, body: { message: 'Invalid email or password' } },
      'POST /api/login/two-factor': unauthorized,
      'GET /api/bookings': { status: 403, body: { message: 'Forbidden' } },
    })
    const heard: string[] = []
    const stop = onUnauthorized((url) => heard.push(url))
    await expect(api.get('/api/trucks?page=2')).rejects.toThrow('401: Not signed in')
    await expect(api.post('/api/login', {})).rejects.toThrow('401: Invalid email or password')
    await expect(api.post('/api/login/two-factor', {})).rejects.toThrow('401')
    await expect(api.get('/api/bookings')).rejects.toThrow('403: Forbidden')
    expect(heard).toEqual(['/api/trucks?page=2'])
    stop()
    await expect(api.get('/api/trucks')).rejects.toThrow('401')
    expect(heard).toHaveLength(1)
  })

  it('SWR fetcher joins key segments with "/"', async () => {
    const { calls } = mockFetch({ 'GET /api/bookings/12': { body: { id: 12 } } })
    await expect(swrFetcher(['/api/bookings', 12])).resolves.toEqual({ id: 12 })
    expect(calls[0].url).toBe('/api/bookings/12')
  })
})
