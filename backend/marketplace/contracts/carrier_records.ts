/** A carrier's public record: what its deliveries and the shippers' reviews say. */
export type CarrierRecord = {
  /** delivered bookings */
  completedLoads: number
  /** delivered by the promised day, of its judged deliveries; null when none */
  onTimeRate: number | null
  /** the shippers' published, unhidden reviews: mean of every criterion (1-5) and count */
  rating: { average: number | null; count: number }
  /** cargo claims per delivered load, 0..1; null with none delivered (decision 0233) */
  claimsRatio: number | null
}

/**
 * The carriers' records, which reviews keeps (it sits above marketplace: reviews are of
 * bookings), so the anonymous profile asks through this contract and reviews provides it
 * (bound in backend/start/bindings.ts; docs/decisions/0096).
 */
export abstract class CarrierRecords {
  /** Records by carriers.id, one query whatever their number; every id is in the map. */
  abstract forCarriers(carrierIds: number[]): Promise<Map<number, CarrierRecord>>
}
