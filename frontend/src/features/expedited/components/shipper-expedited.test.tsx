import { describe, expect, it, vi } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { makeExpeditedJob } from '@/features/expedited/testing/fixtures'

// The first render loads the lazy /shipper route chunk, which is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 })

function setup(routes: Record<string, MockRoute>) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2025-06-10T15:00:00Z'))
  setXsrfCookie()
  const fetch = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'shipper' }) },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  renderApp('/shipper#expedited')
  return fetch
}

describe('Shipper Expedited section', () => {
  it('lists jobs with status, flags, ETA and carrier, and maps the live one', async () => {
    setup({
      'GET /api/shipper/expedited-jobs': {
        body: [
          makeExpeditedJob({
            id: 8,
            reference: 'EXP-008',
            status: 'PICKED_UP',
            carrierName: 'Windy City Expedite',
            atRisk: true,
            driverGeo: { lat: 41.59, lng: -87.35 },
            positionAt: '2025-06-10T16:00:00.000Z',
            eta: '2025-06-10T22:30:00.000Z',
          }),
          makeExpeditedJob(),
        ],
      },
    })
    const list = await screen.findByRole('list', { name: 'My expedited jobs' })
    const live = within(list).getByRole('listitem', { name: 'EXP-008 Chicago, IL → Detroit, MI' })
    expect(within(live).getByText('Picked up')).toBeInTheDocument()
    expect(within(live).getByText('At risk')).toBeInTheDocument()
    expect(within(live).getByText('Windy City Expedite')).toBeInTheDocument()
    expect(within(live).getByTestId('expedited-eta')).not.toHaveTextContent('Waiting')
    expect(within(live).queryByRole('button', { name: 'Cancel' })).toBeNull()
    const requested = within(list).getByRole('listitem', {
      name: 'EXP-007 Chicago, IL → Detroit, MI',
    })
    expect(within(requested).getByText('Waiting for a position')).toBeInTheDocument()
    expect(within(requested).getByText('$612.50')).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: /Map of expedited job EXP-008/ })).toBeVisible()
    expect(screen.getByTestId('driver-position')).toBeInTheDocument()
  })

  it('sends the request without a price and shows the server’s field errors', async () => {
    const fetch = setup({
      'GET /api/shipper/expedited-jobs': { body: [] },
      'POST /api/expedited-jobs': {
        status: 422,
        body: {
          message: 'Validation failed',
          errors: [
            { field: 'pallets', message: 'A sprinter carries at most 3 pallets', rule: 'x' },
          ],
        },
      },
    })
    expect(await screen.findByText('No expedited jobs yet')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Pickup ZIP'), { target: { value: '60601' } })
    fireEvent.change(screen.getByLabelText('Delivery ZIP'), { target: { value: '48201' } })
    fireEvent.change(screen.getByLabelText('Pallets'), { target: { value: '5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Request expedited job' }))
    expect(await screen.findByText('A sprinter carries at most 3 pallets')).toBeInTheDocument()
    const [sent] = requestsTo(fetch.calls, 'POST', '/api/expedited-jobs')
    expect(sent.body).toEqual({
      vehicleType: 'SPRINTER',
      slaHours: 12,
      origin: { postal: '60601' },
      destination: { postal: '48201' },
      pallets: 5,
      weightLbs: 500,
      notes: null,
    })
  })

  it('asks before cancelling a job, and cancels only once confirmed', async () => {
    let jobs = [makeExpeditedJob({ status: 'ACCEPTED', carrierName: 'Windy City Expedite' })]
    const fetch = setup({
      'GET /api/shipper/expedited-jobs': () => ({ body: jobs }),
      'POST /api/expedited-jobs/7/cancel': () => {
        jobs = [{ ...jobs[0], status: 'CANCELLED', cancelledAt: '2025-06-10T15:05:00.000Z' }]
        return { body: jobs[0] }
      },
    })
    const job = await screen.findByRole('listitem', { name: 'EXP-007 Chicago, IL → Detroit, MI' })
    fireEvent.click(within(job).getByRole('button', { name: 'Cancel' }))
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Cancel expedited job EXP-007?',
    })
    expect(confirm).toHaveAccessibleDescription(
      // A paid job's cancel refunds it (decision 0188).
      'It is withdrawn, and Windy City Expedite, who accepted it, is told the job is off; your payment is refunded in full. It cannot be undone.'
    )
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep job' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(requestsTo(fetch.calls, 'POST', '/api/expedited-jobs/7/cancel')).toHaveLength(0)

    fireEvent.click(within(job).getByRole('button', { name: 'Cancel' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel job' })
    )
    expect((await screen.findAllByText('EXP-007 cancelled')).length).toBeGreaterThan(0)
    expect(requestsTo(fetch.calls, 'POST', '/api/expedited-jobs/7/cancel')).toHaveLength(1)
    await waitFor(() => expect(within(job).queryByRole('button', { name: 'Cancel' })).toBeNull())
  })
})
