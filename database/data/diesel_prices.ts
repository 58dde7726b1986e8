/**
 * Weekly US On-Highway Diesel Fuel Price (U.S. Energy Information Administration, series
 * EMD_EPD2D_PTE_NUS_DPG, dollars per gallon, published Mondays), as monthly levels applied to
 * each Monday of the month: approximations of EIA's published figures for 2025, and for 2026 a
 * carried-forward estimate at the last level. Operators replace these rows with EIA's weekly
 * figures (docs/decisions/0067, docs/operations.md "Fuel index").
 */
export const DIESEL_MONTHLY: Record<string, number> = {
  '2025-01': 3.66,
  '2025-02': 3.71,
  '2025-03': 3.61,
  '2025-04': 3.58,
  '2025-05': 3.5,
  '2025-06': 3.62,
  '2025-07': 3.76,
  '2025-08': 3.73,
  '2025-09': 3.73,
  '2025-10': 3.7,
  '2025-11': 3.85,
  '2025-12': 3.7,
}

/** The fuel surcharge table: nothing up to $1.20 a gallon, then 1 percent per full $0.06 above. */
export const FSC_BASE_PRICE = 1.2
export const FSC_STEP = 0.06

export function fuelSurchargePct(dieselPrice: number): number {
  if (dieselPrice <= FSC_BASE_PRICE) return 0
  // Cents, to stay clear of float error at the step boundaries.
  const above = Math.round(dieselPrice * 100) - Math.round(FSC_BASE_PRICE * 100)
  return Math.floor(above / Math.round(FSC_STEP * 100))
}

/** Every Monday from 2025-01-06 to 2026-11-30 with its diesel price and surcharge. */
export function weeklyFuelRows() {
  const rows: { index_date: string; diesel_price: number; fsc_pct: number }[] = []
  const last = DIESEL_MONTHLY['2025-12']
  for (let day = new Date(Date.UTC(2025, 0, 6)); day <= new Date(Date.UTC(2026, 10, 30));) {
    const iso = day.toISOString().slice(0, 10)
    const price = DIESEL_MONTHLY[iso.slice(0, 7)] ?? last
    rows.push({ index_date: iso, diesel_price: price, fsc_pct: fuelSurchargePct(price) })
    day = new Date(day.getTime() + 7 * 86_400_000)
  }
  return rows
}

/** Common accessorial charges, dollars (finance owns the table; the rate quote lists them). */
export const ACCESSORIALS = [
  { code: 'LIFTGATE', description: 'Liftgate at pickup or delivery', default_price: 75 },
  { code: 'RESIDENTIAL', description: 'Residential pickup or delivery', default_price: 95 },
  { code: 'INSIDE', description: 'Inside delivery', default_price: 110 },
  {
    code: 'LIMITED',
    description: 'Limited access location (school, farm, site)',
    default_price: 85,
  },
  { code: 'APPT', description: 'Appointment or notify before delivery', default_price: 25 },
  {
    code: 'DETENTION_HR',
    description: 'Detention, per hour after 2 free hours',
    default_price: 75,
  },
  { code: 'HAZMAT', description: 'Hazardous materials', default_price: 150 },
  { code: 'TARP', description: 'Tarping (flatbed)', default_price: 100 },
  { code: 'REDELIVERY', description: 'Redelivery attempt', default_price: 150 },
  { code: 'SORT_SEG', description: 'Sort and segregate', default_price: 65 },
]
