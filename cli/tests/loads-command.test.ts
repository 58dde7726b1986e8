import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FreightLoad } from '../src/api/operator.js'
import { meta, ok, StubApi } from './helpers/stub-server.js'

const api = new StubApi()
beforeAll(() => api.listen())
afterAll(() => api.stop())
beforeEach(() => api.reset())

const load = (id: number, overrides: Partial<FreightLoad> = {}): FreightLoad => ({
  id,
  status: 'OPEN',
  paymentStatus: 'UNFUNDED',
  origin: { postal: '60601', city: 'Chicago', state: 'IL' },
  destination: { postal: '48201', city: 'Detroit', state: 'MI' },
  equipment: 'VAN',
  pallets: 6,
  price: 1350,
  shipperId: 4,
  heldBy: null,
  holdExpiresAt: null,
  claimedBy: null,
  bookingReference: null,
  expiresAt: '2026-06-20T00:00:00.000Z',
  createdAt: '2026-06-15T09:00:00.000Z',
  ...overrides,
})

describe('palletline loads list', () => {
  it('prints lanes, prices, holds and claims with the page line', async () => {
    api.replies['GET /api/admin/freight-listings?status=OPEN&held=true&page=2'] = ok({
      data: [
        load(9, { heldBy: 'Midwest Haul LLC', holdExpiresAt: '2026-06-15T12:10:00.000Z' }),
        load(8, {
          status: 'CLAIMED',
          paymentStatus: 'FUNDED',
          claimedBy: 'Lone Star Freightways Inc',
          bookingReference: 'TRT-077',
          price: null,
        }),
      ],
      meta: meta(22, 2),
    })
    const { exitCode, stdout } = await api.run([
      'loads',
      'list',
      '--status',
      'OPEN',
      '--held',
      '--page',
      '2',
    ])
    expect(exitCode).toBe(0)
    expect(stdout).toMatch(
      /^9\s+Chicago, IL → Detroit, MI\s+6\s+\$1,350\.00\s+OPEN, held\s+UNFUNDED\s+Midwest Haul LLC \(hold until 2026-06-15 12:10 UTC\)\s+—\s+2026-06-15 09:00 UTC/m
    )
    expect(stdout).toMatch(/^8\s+.*\s+—\s+CLAIMED\s+FUNDED\s+Lone Star Freightways Inc\s+TRT-077/m)
    expect(stdout).toContain('Page 2 of 2 (22 in all)')
  })

  it('--json prints the page; a bad status exits 2 without a request', async () => {
    const page = { data: [load(1)], meta: meta(1) }
    api.replies['GET /api/admin/freight-listings'] = ok(page)
    expect(JSON.parse((await api.run(['loads', 'list', '--json'])).stdout)).toEqual(page)
    const bad = await api.run(['loads', 'list', '--status', 'open'])
    expect(bad.exitCode).toBe(2)
    expect(api.requests()).toEqual(['GET /api/admin/freight-listings'])
    api.replies['GET /api/admin/freight-listings'] = {
      status: 401,
      body: { message: 'Unauthorized access' },
    }
    const denied = await api.run(['loads', 'list'])
    expect(denied.exitCode).toBe(1)
    expect(denied.stderr).toBe('Error: 401: Unauthorized access\n')
  })
})
