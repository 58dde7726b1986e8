import {
  ExpeditedProofs,
  type ExpeditedProof,
  type ProofReader,
} from '#tms/contracts/expedited_proofs'
import ExpeditedStopEvent from '#logistics/models/expedited_stop_event'

/**
 * Answers the TMS's ExpeditedProofs (docs/decisions/0265): the delivered steps with a signed
 * POD of the jobs `reader` is a party to, as `ExpeditedJobPolicy.readPod` decides for one job
 * (the job's shipper; the carrier on it; a driver member only a job assigned to them).
 */
export default class ExpeditedProofsProvider extends ExpeditedProofs {
  async count(reader: ProofReader, jobId?: number): Promise<number> {
    const [row] = await this.query(reader, jobId).count('* as total')
    return Number(row?.$extras.total ?? 0)
  }

  async newest(reader: ProofReader, limit: number, jobId?: number): Promise<ExpeditedProof[]> {
    const rows = await this.query(reader, jobId)
      .select('expedited_stop_events.id', 'expedited_stop_events.expedited_job_id')
      .select('expedited_stop_events.created_at')
      .orderBy('expedited_stop_events.created_at', 'desc')
      .orderBy('expedited_stop_events.id', 'desc')
      .limit(limit)
    return rows.map((row) => ({ id: row.id, jobId: row.expeditedJobId, createdAt: row.createdAt }))
  }

  private query(reader: ProofReader, jobId?: number) {
    const query = ExpeditedStopEvent.query()
      .join('expedited_jobs', 'expedited_jobs.id', 'expedited_stop_events.expedited_job_id')
      .where('expedited_stop_events.type', 'delivered')
      .whereNotNull('expedited_stop_events.pod_path')
    if (reader.shipperUserId !== undefined) {
      query.where('expedited_jobs.shipper_id', reader.shipperUserId)
    } else if (reader.carrierId !== undefined) {
      query.where('expedited_jobs.carrier_id', reader.carrierId)
      if (reader.driverUserId) query.where('expedited_jobs.driver_user_id', reader.driverUserId)
    } else {
      // Nobody named: nothing (the hub asks for a party, never for all).
      query.whereRaw('1 = 0')
    }
    if (jobId !== undefined) query.where('expedited_jobs.id', jobId)
    return query
  }
}
