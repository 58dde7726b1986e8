import { screen, fireEvent } from '@testing-library/react'
import type { TmsQuote } from '@/features/tms/api/compare-quotes'
import type { ShipmentEvent } from '@/features/tms/api/get-shipment-events'
import type { TrackedShipment } from '@/features/tms/api/get-tracked-shipment'
import type { TmsDocument } from '@/features/tms/api/get-documents'
import { mockFetch, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

export const FIRST_PAINT = { timeout: 5000 }

export function makeQuote(overrides: Partial<TmsQuote> = {}): TmsQuote {
  return {
    id: 41,
    carrier: 'Great Lakes Freight',
    mode: 'LTL',
    service_level: 'STANDARD',
    transit_days: 2,
    reliability: 0.934,
    total: 512.4,
    line_items: [
      { code: 'LINEHAUL', amount: 430 },
      { code: 'FSC', amount: 57.4 },
      { code: 'LIFTGATE', amount: 25 },
    ],
    valid_until: '2099-01-01T00:00:00.000Z',
    provider: 'ltl_partner',
    ...overrides,
  }
}

export function makeEvent(overrides: Partial<ShipmentEvent> = {}): ShipmentEvent {
  return {
    id: 1,
    eventType: 'PU',
    eventTime: '2025-03-10T14:05:00.000Z',
    location: { lat: 41.88, lng: -87.62, city: 'Chicago', state: 'IL' },
    code: 'in_transit',
    description: null,
    source: 'app',
    ...overrides,
  }
}

export function makeShipment(overrides: Partial<TrackedShipment> = {}): TrackedShipment {
  return {
    id: 42,
    reference: 'TRT-042',
    status: 'in_transit',
    provider: 'internal',
    origin: { lat: 41.88, lng: -87.62, city: 'Chicago', state: 'IL' },
    destination: { lat: 42.33, lng: -83.05, city: 'Detroit', state: 'MI' },
    estimatedArrival: '2025-03-12T03:59:59.000Z',
    positions: [
      {
        lat: 41.88,
        lng: -87.62,
        city: 'Chicago',
        state: 'IL',
        eventType: 'PU',
        eventTime: '2025-03-10T14:05:00.000Z',
      },
      {
        lat: 42.1,
        lng: -85.5,
        city: 'Kalamazoo',
        state: 'MI',
        eventType: 'IN_TRANSIT',
        eventTime: '2025-03-10T18:00:00.000Z',
      },
    ],
    ...overrides,
  } as TrackedShipment
}

export function makeDocument(overrides: Partial<TmsDocument> = {}): TmsDocument {
  return {
    id: 5,
    type: 'BOL',
    subject: 'booking',
    shipmentId: 42,
    shipmentReference: 'TRT-042',
    fileName: 'BOL-TRT-042.pdf',
    mimeType: 'application/pdf',
    stopNumber: null,
    createdAt: '2025-03-09T12:00:00.000Z',
    downloadUrl: '/api/tms/documents/5/download',
    ...overrides,
  }
}

/** The TMS page rendered through the real app as `role`, the API answering `routes`. */
export function renderTms(
  role: 'shipper' | 'carrier' | 'admin',
  routes: Record<string, MockRoute> = {}
) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ role }) },
    'POST /api/analytics/events': { status: 204 },
    'GET /api/tms/alert-rules': { body: [] },
    'GET /api/tms/notifications': { body: [] },
    ...routes,
  })
  const rendered = renderApp('/tms')
  return { ...rendered, ...mock }
}

/** Radix tabs switch on mouse down. */
export async function openTab(name: string) {
  const tab = await screen.findByRole('tab', { name }, FIRST_PAINT)
  fireEvent.mouseDown(tab, { button: 0 })
  fireEvent.click(tab)
  return tab
}
