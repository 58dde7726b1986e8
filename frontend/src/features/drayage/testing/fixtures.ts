import type { DrayageMove } from '@/features/drayage/api/get-drayage-moves'
import type { Terminal } from '@/features/drayage/api/get-terminals'

export const FIRST_PAINT = { timeout: 5000 }

export function makeTerminal(overrides: Partial<Terminal> = {}): Terminal {
  return {
    id: 1,
    code: 'LBCT',
    name: 'Long Beach Container Terminal',
    unLocode: 'USLGB',
    address: '1171 Pier F Ave, Long Beach, CA 90802',
    kind: 'PORT',
    demurrageTiers: [{ fromDay: 5, perDay: 350 }],
    perDiemTiers: [],
    lineHaulBands: [],
    effectiveLineHaulBands: [
      { upToMiles: 25, cents: 45_000 },
      { upToMiles: 50, cents: 60_000 },
    ],
    ...overrides,
  }
}

export function makeMove(overrides: Partial<DrayageMove> = {}): DrayageMove {
  return {
    id: 7,
    reference: 'DRY-007',
    containerNo: 'CSQU3054383',
    terminal: {
      code: 'LBCT',
      name: 'Long Beach Container Terminal',
      unLocode: 'USLGB',
      kind: 'PORT',
    },
    deliveryAddress: '2400 E Artesia Blvd, Long Beach, CA 90805',
    distanceMiles: 7.7,
    lineHaul: 450,
    carrierPay: null,
    status: 'OPEN',
    carrierName: null,
    driver: null,
    availableOn: '2026-03-05',
    freeDays: 2,
    demurragePerDay: 175,
    perDiemPerDay: 95,
    demurrageTiers: [],
    perDiemTiers: [],
    lastFreeDay: '2026-03-07',
    daysLeft: 2,
    perDiemLastFreeDay: null,
    demurrageDays: 0,
    perDiemDays: 0,
    totalDemurrage: 0,
    totalPerDiem: 0,
    charges: [],
    chargesAsOf: '2026-03-05',
    acceptedAt: null,
    gateOut: null,
    emptyReturnedAt: null,
    cancelledAt: null,
    cancelReason: null,
    createdAt: '2026-03-05T15:00:00.000Z',
    appointments: [],
    gateOutBlockedReason: null,
    ...overrides,
  }
}
