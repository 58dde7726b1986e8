/**
 * Detention (docs/decisions/0131). Pure: the time at a stop beyond the free period, billed per
 * started quarter hour at the hourly rate of the DETENTION_HR accessorial.
 */
export const DETENTION_CODE = 'DETENTION_HR'
export const FREE_MINUTES = 120
export const BILLING_STEP_MINUTES = 15

export type Detention = {
  /** minutes between arrival and departure */
  dwellMinutes: number
  /** minutes beyond the free period, rounded up to the started quarter hour */
  billableMinutes: number
  /** hours billed, a multiple of 0.25 */
  hours: number
  amountCents: number
}

/** Detention for a stay at a stop, times in epoch milliseconds. */
export function detentionFor(
  arrivedMs: number,
  departedMs: number,
  hourlyCents: number
): Detention {
  const dwellMinutes = Math.max(0, Math.floor((departedMs - arrivedMs) / 60_000))
  const over = Math.max(0, (departedMs - arrivedMs) / 60_000 - FREE_MINUTES)
  const quarters = over <= 0 ? 0 : Math.ceil(over / BILLING_STEP_MINUTES - 1e-9)
  const billableMinutes = quarters * BILLING_STEP_MINUTES
  // Per quarter hour, a quarter of the hourly rate (rounded half up once per bill).
  const amountCents = Math.round((quarters * hourlyCents) / 4)
  return { dwellMinutes, billableMinutes, hours: quarters / 4, amountCents }
}
