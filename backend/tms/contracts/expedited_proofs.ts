import type { DateTime } from 'luxon'

/**
 * Who reads expedited jobs' proofs of delivery in the Document Hub (docs/decisions/0265): a
 * shipper its jobs' (`shipperUserId`), a carrier the jobs it carried (`carrierId`), a driver
 * member only the jobs assigned to them (`driverUserId` with the carrier).
 */
export type ProofReader = {
  shipperUserId?: number
  carrierId?: number
  driverUserId?: number | null
}

/** One expedited job's signed proof of delivery (its driver's delivered step). */
export type ExpeditedProof = {
  /** the delivered step's id */
  id: number
  jobId: number
  createdAt: DateTime
}

/**
 * The signed proofs of delivery of expedited jobs, for the Document Hub. The jobs and their
 * steps are logistics' (`expedited_jobs`, `expedited_stop_events`, decision 0263), and logistics
 * sits above the TMS, so the TMS asks through this contract and logistics answers (bound in
 * backend/start/bindings.ts).
 */
export abstract class ExpeditedProofs {
  /** How many proofs `reader` may read, of one job when `jobId` is given. */
  abstract count(reader: ProofReader, jobId?: number): Promise<number>

  /** The newest `limit` of them, newest first (then the higher step id). */
  abstract newest(reader: ProofReader, limit: number, jobId?: number): Promise<ExpeditedProof[]>
}
