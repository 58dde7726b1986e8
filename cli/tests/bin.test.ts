import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runPalletline } from './helpers/spawn.js'

const palletline = runPalletline

let server: Server
let baseUrl: string
const authorizations: (string | undefined)[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    authorizations.push(request.headers.authorization)
    if (
      request.url === '/api/admin/users/pending' &&
      request.headers.authorization === 'Bearer plt_spawned'
    ) {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify([
          {
            id: 5,
            firstName: 'Carl',
            lastName: 'Hauler',
            email: 'carl@midwest-haul.test',
            role: 'carrier',
            phone: null,
            createdAt: '2025-03-14T09:30:00.000Z',
            companyName: 'Midwest Haul LLC',
            dotNumber: null,
            mcNumber: null,
            carrierId: 3,
            carrierVetting: null,
          },
        ])
      )
      return
    }
    response.writeHead(401, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ message: 'Unauthorized access' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

// Each spawn boots Node and the TypeScript loader, which takes seconds on a busy machine.
describe('the palletline executable', { timeout: 60_000 }, () => {
  it('--help exits 0 and lists the commands', async () => {
    const { code, stdout } = await palletline(['--help'])
    expect(code).toBe(0)
    for (const command of ['whoami', 'users', 'tokens', 'health']) expect(stdout).toContain(command)
    expect(stdout).toContain('--token <token>')
    expect(stdout).toContain('--url <url>')
  })

  it('users pending without PALLETLINE_TOKEN exits 2 with a message', async () => {
    const { code, stderr, stdout } = await palletline(['users', 'pending'], {
      PALLETLINE_TOKEN: undefined,
    })
    expect(code).toBe(2)
    expect(stderr).toContain('Missing admin access token')
    expect(stdout).toBe('')
  })

  it('lists pending users from a server, and exits 1 with the API error on a bad token', async () => {
    const ok = await palletline(['users', 'pending'], {
      PALLETLINE_TOKEN: 'plt_spawned',
      PALLETLINE_URL: baseUrl,
    })
    expect(ok.stderr).toBe('')
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatch(
      /5\s+Carl Hauler\s+carl@midwest-haul\.test\s+carrier\s+Midwest Haul LLC\s+not vetted\s+2025-03-14/
    )

    const denied = await palletline([
      '--url',
      baseUrl,
      '--token',
      'plt_revoked',
      'users',
      'pending',
    ])
    expect(denied.code).toBe(1)
    expect(denied.stderr).toBe('Error: 401: Unauthorized access\n')
    expect(authorizations).toEqual(['Bearer plt_spawned', 'Bearer plt_revoked'])
  })
})
