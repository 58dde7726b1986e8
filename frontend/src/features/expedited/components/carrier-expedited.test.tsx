import { describe, expect, it, vi } from 'vitest'
import { configure, fireEvent, screen, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import { makeExpeditedJob } from '@/features/expedited/testing/fixtures'
import { formatDateTime } from '@/lib/format'

configure({ asyncUtilTimeout: 5000 })

function setup(routes: Record<string, MockRoute>) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2025-06-10T15:00:00Z'))
  setXsrfCookie()
  const fetch = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'carrier', isApproved: true }) },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  renderApp('/carrier#expedited')
  return fetch
}

describe('Carrier Expedited section', () => {
  it('accepts an offered job; a lost race shows the server’s message', async () => {
    setup({
      'GET /api/carrier/expedited-jobs/offers': {
        body: [makeExpeditedJob({ price: null, carrierPay: 557.38 })],
      },
      'GET /api/carrier/expedited-jobs': { body: [] },
      'POST /api/expedited-jobs/7/accept': {
        status: 409,
        body: { message: 'Job may have already been accepted' },
      },
    })
    const offers = await screen.findByRole('list', { name: 'Offered expedited jobs' })
    // The carrier sees its share, never the shipper's price (docs/decisions/0188).
    expect(offers).toHaveTextContent('Your pay $557.38')
    expect(offers).not.toHaveTextContent('$612.50')
    fireEvent.click(within(offers).getByRole('button', { name: 'Accept EXP-007' }))
    expect(await screen.findByText('Job may have already been accepted')).toBeInTheDocument()
    expect(screen.getByText('You have not accepted an expedited job yet')).toBeInTheDocument()
  })

  it('the driver sends a ZIP when the browser has no location, then marks picked up', async () => {
    const fetch = setup({
      'GET /api/carrier/expedited-jobs/offers': { body: [] },
      'GET /api/carrier/expedited-jobs': {
        body: [makeExpeditedJob({ status: 'ACCEPTED', carrierName: 'Test Freight' })],
      },
      'POST /api/expedited-jobs/7/position': {
        body: makeExpeditedJob({ status: 'ACCEPTED', eta: '2025-06-10T21:00:00.000Z' }),
      },
      'POST /api/expedited-jobs/7/pickup': { body: makeExpeditedJob({ status: 'PICKED_UP' }) },
    })
    const mine = await screen.findByRole('list', { name: 'My expedited jobs' })
    fireEvent.click(within(mine).getByRole('button', { name: 'Use my location' }))
    expect(
      await within(mine).findByText('Location unavailable: type a ZIP or coordinates instead')
    ).toBeInTheDocument()
    fireEvent.change(within(mine).getByLabelText('ZIP'), { target: { value: '46402' } })
    fireEvent.click(within(mine).getByRole('button', { name: 'Send position' }))
    expect(await screen.findByText('Position sent')).toBeInTheDocument()
    const [position] = requestsTo(fetch.calls, 'POST', '/api/expedited-jobs/7/position')
    expect(position.body).toEqual({ postal: '46402' })
    fireEvent.click(within(mine).getByRole('button', { name: 'Mark picked up' }))
    expect(await screen.findByText('EXP-007 picked up')).toBeInTheDocument()
  })

  it('links Record delivery to the stops screen, never delivering itself, and says from when', async () => {
    const fetch = setup({
      'GET /api/carrier/expedited-jobs/offers': { body: [] },
      'GET /api/carrier/expedited-jobs': {
        body: [
          makeExpeditedJob({
            status: 'PICKED_UP',
            pickedUpAt: '2025-06-10T14:59:00.000Z',
            earliestDeliveryAt: '2025-06-10T19:02:00.000Z',
          }),
          makeExpeditedJob({
            id: 8,
            reference: 'EXP-008',
            status: 'PICKED_UP',
            pickedUpAt: '2025-06-10T09:00:00.000Z',
            earliestDeliveryAt: '2025-06-10T13:03:00.000Z',
          }),
        ],
      },
    })
    const mine = await screen.findByRole('list', { name: 'My expedited jobs' })
    expect(within(mine).queryByRole('button', { name: /Mark delivered/ })).not.toBeInTheDocument()
    expect(within(mine).getByRole('link', { name: 'Record delivery of EXP-007' })).toHaveAttribute(
      'href',
      '/drive/expedited/7'
    )
    expect(
      within(mine).getByText(
        new RegExp(
          `^Delivery can be recorded from ${formatDateTime('2025-06-10T19:02:00.000Z')}: 283 miles cannot be driven sooner`
        )
      )
    ).toBeInTheDocument()
    const ready = within(mine).getByRole('link', { name: 'Record delivery of EXP-008' })
    expect(ready).toHaveAttribute('href', '/drive/expedited/8')
    expect(requestsTo(fetch.calls, 'POST', '/api/expedited-jobs/8/deliver')).toHaveLength(0)
  })
})
