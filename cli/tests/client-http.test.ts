import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, ApiUnreachableError, PalletlineClient } from '../src/api/client.js'

interface Seen {
  method?: string
  url?: string
  authorization?: string
  contentType?: string
  body: string
}

type Reply = { status: number; body?: string; contentType?: string }

let server: Server
let baseUrl: string
let seen: Seen[] = []
let reply: Reply = { status: 200, body: '{}' }

async function readBody(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: await readBody(request),
    })
    response.writeHead(
      reply.status,
      reply.body === undefined ? {} : { 'content-type': reply.contentType ?? 'application/json' }
    )
    response.end(reply.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  seen = []
  reply = { status: 200, body: '{}' }
})

describe('PalletlineClient over HTTP', () => {
  it('sends the bearer token and parses the JSON answer', async () => {
    reply = {
      status: 200,
      body: JSON.stringify({ id: 1, email: 'ops@palletline.test', role: 'admin' }),
    }
    const client = new PalletlineClient({ baseUrl: `${baseUrl}/`, token: 'plt_abc123' })

    await expect(client.currentUser()).resolves.toMatchObject({ id: 1, role: 'admin' })
    expect(seen).toEqual([
      {
        method: 'GET',
        url: '/api/user',
        authorization: 'Bearer plt_abc123',
        contentType: undefined,
        body: '',
      },
    ])
  })

  it('sends JSON bodies to the admin endpoints', async () => {
    const client = new PalletlineClient({ baseUrl, token: 'plt_abc123' })
    await client.approveUser(12, false)
    reply = { status: 201, body: JSON.stringify({ id: 3, token: 'plt_new' }) }
    await expect(
      client.issueToken({ userId: 12, name: 'TMS', expiresInDays: 30 })
    ).resolves.toMatchObject({
      token: 'plt_new',
    })
    await client.listTokens(12)

    expect(
      seen.map(({ method, url, contentType, body }) => ({ method, url, contentType, body }))
    ).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/users/12/approve',
        contentType: 'application/json',
        body: '{"isApproved":false}',
      },
      {
        method: 'POST',
        url: '/api/admin/tokens',
        contentType: 'application/json',
        body: '{"userId":12,"name":"TMS","expiresInDays":30}',
      },
      { method: 'GET', url: '/api/admin/tokens?userId=12', contentType: undefined, body: '' },
    ])
  })

  it('accepts an empty 204 answer', async () => {
    reply = { status: 204 }
    const client = new PalletlineClient({ baseUrl, token: 'plt_abc123' })
    await expect(client.revokeToken(12, 3)).resolves.toBeUndefined()
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/tokens/12/3' })
  })

  it('turns an error answer into ApiError "<status>: <message>"', async () => {
    reply = {
      status: 403,
      body: JSON.stringify({ message: 'Only admins can review registrations' }),
    }
    const client = new PalletlineClient({ baseUrl, token: 'plt_carrier' })
    const failure = await client.pendingUsers().catch((error: unknown) => error)

    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({
      status: 403,
      serverMessage: 'Only admins can review registrations',
      message: '403: Only admins can review registrations',
    })
  })

  it('reads validation errors when the body has no top-level message', async () => {
    reply = {
      status: 422,
      body: JSON.stringify({
        errors: [{ field: 'name', message: 'Token name is required', rule: 'required' }],
      }),
    }
    const client = new PalletlineClient({ baseUrl, token: 'plt_abc123' })
    await expect(client.issueToken({ userId: 1, name: '' })).rejects.toThrow(
      '422: name: Token name is required'
    )
  })

  it('falls back to the text of a non-JSON error answer', async () => {
    reply = { status: 502, body: 'Bad Gateway', contentType: 'text/plain' }
    const client = new PalletlineClient({ baseUrl, token: 'plt_abc123' })
    await expect(client.health()).rejects.toThrow('502: Bad Gateway')
  })

  it('reports an unreachable server', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))

    const client = new PalletlineClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 'plt_abc123',
    })
    await expect(client.health()).rejects.toThrow(ApiUnreachableError)
    await expect(client.health()).rejects.toThrow(
      `Cannot reach http://127.0.0.1:${port}: ECONNREFUSED`
    )
  })
})
