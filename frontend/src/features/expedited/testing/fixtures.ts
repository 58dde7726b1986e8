import type { ExpeditedJob } from '@/features/expedited/api/types'

/** An expedited job as the API answers the shipper, Chicago to Detroit, paid and requested. */
export function makeExpeditedJob(over: Partial<ExpeditedJob> = {}): ExpeditedJob {
  return {
    id: 7,
    reference: 'EXP-007',
    status: 'REQUESTED',
    vehicleType: 'SPRINTER',
    slaHours: 12,
    driver: null,
    origin: { postal: '60601', city: 'Chicago', state: 'IL', lat: 41.8858, lng: -87.6181 },
    destination: { postal: '48201', city: 'Detroit', state: 'MI', lat: 42.3474, lng: -83.0604 },
    pallets: 2,
    weightLbs: 1500,
    distanceMiles: 283.4,
    price: 612.5,
    carrierPay: null,
    paymentStatus: 'paid',
    paymentFailure: null,
    notes: null,
    carrierName: null,
    driverGeo: null,
    positionAt: null,
    eta: null,
    deadlineAt: '2025-06-11T03:00:00.000Z',
    atRisk: false,
    slaMissed: false,
    slaMissedAt: null,
    createdAt: '2025-06-10T15:00:00.000Z',
    acceptedAt: null,
    pickedUpAt: null,
    earliestDeliveryAt: null,
    deliveredAt: null,
    cancelledAt: null,
    expiredAt: null,
    ...over,
  }
}
