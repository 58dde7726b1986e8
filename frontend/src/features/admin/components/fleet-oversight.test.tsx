import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
import { renderWithProviders, setXsrfCookie } from '@/testing/test-utils'
import type { FleetCarrier } from '@/features/admin/api/fleet-oversight'
import { FleetOversight } from '@/features/admin/components/fleet-oversight'

const carrier: FleetCarrier = {
  carrierId: 7,
  userId: 21,
  companyName: 'Motor City Haulers LLC',
  dotNumber: '1234567',
  mcNumber: 'MC765432',
  approvalStatus: 'approved',
  verified: true,
  hasInsuranceCertificate: true,
  insuranceExpiresOn: '2031-04-30',
  vetting: {
    driver: 'census_file',
    trigger: 'revet',
    result: 'warn',
    verified: true,
    checkedAt: '2030-03-05T10:00:00.000Z',
    checks: [
      { key: 'dot_allowed', label: 'DOT allowed to operate', result: 'pass', reason: 'Allowed' },
      { key: 'mcs150', label: 'MCS-150 update', result: 'warn', reason: 'Updated 2028-01-02' },
    ],
  },
  rating: { average: 4.5, count: 6 },
  onTimeRate: 0.875,
  deliveredLoads: 9,
  claimsRatio: 0.111,
  claims: {
    count: 1,
    settledCents: 12_000,
    open: 0,
    claims: [
      {
        id: 4,
        reference: 'TRT-031',
        type: 'damage',
        amountCents: 20_000,
        status: 'settled',
        settledCents: 12_000,
        filedAt: '2030-02-01T15:00:00.000Z',
      },
    ],
  },
  lastStandingChange: null,
  standingHistory: [],
}
const page = (data: FleetCarrier[], total = data.length, lastPage = 1, currentPage = 1) => ({
  data,
  meta: { total, perPage: 20, currentPage, lastPage },
})
const table = () => screen.getByRole('table', { name: 'Carriers' })

describe('Fleet Oversight', () => {
  it('lists carriers with vetting, insurance, rating and on-time record; filters and pages', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/carriers': (req) => {
        const p = Number(new URL(req.url, 'http://x').searchParams.get('page'))
        return { body: page([{ ...carrier, companyName: `Page ${p} Lines` }], 25, 2, p) }
      },
    })
    renderWithProviders(<FleetOversight />)
    const row = await within(await screen.findByRole('table', { name: 'Carriers' })).findByRole(
      'row',
      { name: 'Page 1 Lines' }
    )
    expect(row).toHaveTextContent('DOT 1234567 · MC765432')
    expect(row).toHaveTextContent('Approved')
    expect(row).toHaveTextContent('Warning')
    expect(row).toHaveTextContent('MCS-150 update: Updated 2028-01-02')
    expect(row).toHaveTextContent('Expires Apr 30, 2031')
    expect(
      within(row).getByRole('img', { name: /Rated 4\.5 out of 5 from 6 reviews/ })
    ).toBeTruthy()
    expect(row).toHaveTextContent('88% on time · 9 delivered')
    expect(row).toHaveTextContent('1 cargo claim (11% of loads)')
    expect(row).toHaveTextContent('Claims history (1) · $120.00 settled')
    expect(
      within(row).getByRole('list', { name: 'Claims history of Page 1 Lines' })
    ).toHaveTextContent('TRT-031 Damage, $200.00 claimed Feb 1, 2030: Settled for $120.00')
    expect(screen.getByText(/Page 1 of 2/)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await within(table()).findByRole('row', { name: 'Page 2 Lines' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'suspended' } })
    fireEvent.change(screen.getByLabelText('Vetting'), { target: { value: 'fail' } })
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' 1234 ' } })
    await waitFor(() =>
      expect(requestsTo(calls, 'GET', '/api/admin/carriers').map((c) => c.url)).toContain(
        '/api/admin/carriers?status=suspended&vetting=fail&search=1234&page=1'
      )
    )
  })

  it('shows the empty state and the error with a retry', async () => {
    let fail = true
    mockFetch({
      'GET /api/admin/carriers': () =>
        fail ? { status: 500, body: { message: 'Internal server error' } } : { body: page([]) },
    })
    renderWithProviders(<FleetOversight />)
    expect(await screen.findByText('Could not load the carriers')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No carriers')).toBeTruthy()
  })

  it('suspends with a reason checked before sending, then reinstates', async () => {
    setXsrfCookie()
    const reason = 'Out-of-service order on the roadside inspection'
    let current: FleetCarrier = carrier
    const suspendedChange = {
      action: 'suspended' as const,
      reason,
      at: '2030-03-06T10:00:00.000Z',
      adminUserId: 1,
    }
    const { calls } = mockFetch({
      'GET /api/admin/carriers': () => ({ body: page([current]) }),
      'POST /api/admin/carriers/7/suspend': () => {
        current = {
          ...carrier,
          approvalStatus: 'suspended',
          lastStandingChange: suspendedChange,
          standingHistory: [suspendedChange],
        }
        return { body: current }
      },
      'POST /api/admin/carriers/7/reinstate': () => {
        const back = {
          action: 'reinstated' as const,
          reason: null,
          at: '2030-03-07T10:00:00.000Z',
          adminUserId: 1,
        }
        current = {
          ...carrier,
          approvalStatus: 'approved',
          lastStandingChange: back,
          standingHistory: [back, suspendedChange],
        }
        return { body: current }
      },
    })
    renderWithProviders(<FleetOversight />)
    await within(await screen.findByRole('table', { name: 'Carriers' })).findByRole('row', {
      name: carrier.companyName,
    })
    fireEvent.click(within(table()).getByRole('button', { name: `Suspend ${carrier.companyName}` }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend carrier' }))
    expect(await within(dialog).findByText('Give the reason for the suspension')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Reason for the suspension'), {
      target: { value: 'too short' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend carrier' }))
    expect(
      await within(dialog).findByText('The reason must be at least 10 characters')
    ).toBeTruthy()
    expect(requestsTo(calls, 'POST', '/api/admin/carriers/7/suspend')).toHaveLength(0)

    fireEvent.change(within(dialog).getByLabelText('Reason for the suspension'), {
      target: { value: reason },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend carrier' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/admin/carriers/7/suspend')).toHaveLength(1)
    )
    expect(requestsTo(calls, 'POST', '/api/admin/carriers/7/suspend')[0].body).toEqual({ reason })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const row = await within(table()).findByRole('row', { name: carrier.companyName })
    await waitFor(() => expect(row).toHaveTextContent(`Suspended Mar 6, 2030`))
    expect(row).toHaveTextContent(reason)

    fireEvent.click(within(row).getByRole('button', { name: `Reinstate ${carrier.companyName}` }))
    const again = await screen.findByRole('dialog')
    fireEvent.click(within(again).getByRole('button', { name: 'Reinstate carrier' }))
    await waitFor(() =>
      expect(requestsTo(calls, 'POST', '/api/admin/carriers/7/reinstate')).toHaveLength(1)
    )
    expect(requestsTo(calls, 'POST', '/api/admin/carriers/7/reinstate')[0].body).toEqual({})
    expect(
      await within(table()).findByRole('button', { name: `Suspend ${carrier.companyName}` })
    ).toBeTruthy()
    // The suspension and its reason stay in the history after the reinstatement.
    const history = within(table()).getByRole('list', {
      name: `Standing history of ${carrier.companyName}`,
    })
    const entries = within(history).getAllByRole('listitem')
    expect(entries).toHaveLength(2)
    expect(entries[0]).toHaveTextContent('Reinstated Mar 7, 2030')
    expect(entries[1]).toHaveTextContent(`Suspended Mar 6, 2030`)
    expect(entries[1]).toHaveTextContent(reason)
  })

  it('shows the server refusal in the dialog', async () => {
    setXsrfCookie()
    mockFetch({
      'GET /api/admin/carriers': { body: page([carrier]) },
      'POST /api/admin/carriers/7/suspend': {
        status: 409,
        body: { message: 'This carrier is already suspended' },
      },
    })
    renderWithProviders(<FleetOversight />)
    await within(await screen.findByRole('table', { name: 'Carriers' })).findByRole('row', {
      name: carrier.companyName,
    })
    fireEvent.click(within(table()).getByRole('button', { name: `Suspend ${carrier.companyName}` }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Reason for the suspension'), {
      target: { value: 'Insurance lapsed last week' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend carrier' }))
    expect(await within(dialog).findByText('This carrier is already suspended')).toBeTruthy()
  })
})
