import { describe, expect, it } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import type { ExpeditedStopEventList, StopEvent } from '@/features/drive/api/stop-events'

configure({ asyncUtilTimeout: 5000 })

const event = (over: Partial<StopEvent>): StopEvent => ({
  id: 1,
  type: 'arrived_pickup',
  label: 'Arrived at pickup',
  recordedAt: '2026-03-02T15:00:00.000Z',
  reportedAt: null,
  position: null,
  pieces: null,
  sealNumber: null,
  consigneeName: null,
  exception: null,
  photoCount: 0,
  podDocumentId: null,
  ...over,
})

const list = (over: Partial<ExpeditedStopEventList> = {}): ExpeditedStopEventList => ({
  jobId: 7,
  reference: 'EXP-007',
  status: 'ACCEPTED',
  pickup: 'Chicago, IL 60601',
  delivery: 'Detroit, MI 48201',
  pallets: 2,
  deadlineAt: '2026-03-03T15:00:00.000Z',
  podAvailable: false,
  next: 'arrived_pickup',
  exceptionAllowed: false,
  events: [],
  ...over,
})

// Each test its own job: the page's SWR cache and step queue outlive a test.
function setup(routes: Record<string, MockRoute>, jobId = 7) {
  setXsrfCookie()
  const fetch = mockFetch({
    'GET /api/user': { body: makeUser({ role: 'carrier', isApproved: true }) },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  renderApp(`/drive/expedited/${jobId}`)
  return fetch
}

// Issue 37: the expedited job's stop-by-stop screen (decision 0263).
describe('The driver’s stop screen for an expedited job', () => {
  it('links the signed proof of delivery once delivered', async () => {
    setup({
      'GET /api/expedited-jobs/7/stop-events': {
        body: list({
          status: 'DELIVERED',
          next: null,
          podAvailable: true,
          events: (
            [
              ['arrived_pickup', 'Arrived at pickup'],
              ['loaded', 'Loaded'],
              ['departed_pickup', 'Departed pickup'],
              ['arrived_delivery', 'Arrived at delivery'],
              ['delivered', 'Delivered'],
            ] as const
          ).map(([type, label], i) => event({ id: i + 1, type, label })),
        }),
      },
    })
    expect(await screen.findByText('Delivered and signed')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Proof of delivery (PDF)' })).toHaveAttribute(
      'href',
      '/api/expedited-jobs/7/pod'
    )
  })

  it('a cancelled job takes no step', async () => {
    setup(
      {
        'GET /api/expedited-jobs/8/stop-events': { body: list({ jobId: 8, status: 'CANCELLED' }) },
      },
      8
    )
    expect(await screen.findByText('This expedited job is cancelled')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Record:/ })).not.toBeInTheDocument()
  })

  it('a job that cannot be loaded says so and offers a retry', async () => {
    setup(
      {
        'GET /api/expedited-jobs/9/stop-events': {
          status: 404,
          body: { message: 'Expedited job not found' },
        },
      },
      9
    )
    expect(await screen.findByText('This expedited job could not be loaded')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument()
  })

  // Last: the step it sends stays in the page's one queue.
  it('shows the job’s steps and sends a step to the job’s endpoint with a key', async () => {
    const fetch = setup({
      'GET /api/expedited-jobs/7/stop-events': { body: list() },
      'POST /api/expedited-jobs/7/stop-events': { status: 201, body: event({}) },
    })
    expect(await screen.findByText('Driver · EXP-007')).toBeInTheDocument()
    expect(screen.getByText(/2 pallets · deliver by/)).toBeInTheDocument()
    const steps = screen.getByRole('list', { name: 'Steps' })
    expect(
      within(steps).getByText('Pieces, seal and a photo; marks the job Picked Up')
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Record: Arrived at pickup' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }))
    await waitFor(() =>
      expect(requestsTo(fetch.calls, 'POST', '/api/expedited-jobs/7/stop-events')).toHaveLength(1)
    )
    const [sent] = requestsTo(fetch.calls, 'POST', '/api/expedited-jobs/7/stop-events')
    expect(sent.body).toMatchObject({ type: 'arrived_pickup' })
    expect(sent.headers['idempotency-key']).toBeTruthy()
    expect(requestsTo(fetch.calls, 'POST', '/api/bookings/7/stop-events')).toHaveLength(0)
  })
})
