/** One vetting check as frozen on a booking. */
export type SnapshotCheck = {
  key: string
  label: string
  result: 'pass' | 'warn' | 'fail'
  reason: string
}

/** The carrier's vetting as it stood when the booking was made (docs/decisions/0091). */
export type VettingSnapshot = {
  driver: string
  /** ISO 8601, UTC: when the census was read (a cached vetting keeps its own time) */
  checkedAt: string
  result: 'pass' | 'warn' | 'fail'
  checks: SnapshotCheck[]
}

/**
 * Re-check at dispatch: booking a listing and claiming a load re-run the carrier's vetting
 * (cached for a while) before the booking is written. Trust owns vetting and sits above
 * marketplace, so marketplace asks through this contract (bound in backend/start/bindings.ts).
 */
export abstract class DispatchVetting {
  /**
   * The snapshot to freeze on the booking. Throws the refusal when the carrier fails: to the
   * shipper a 409 that names no reason (the carrier is still anonymous), to the carrier a 403
   * with its failing checks; a 503 when the census cannot be read and no fresh vetting exists.
   */
  abstract recheck(carrierId: number, askedBy: 'shipper' | 'carrier'): Promise<VettingSnapshot>
}
