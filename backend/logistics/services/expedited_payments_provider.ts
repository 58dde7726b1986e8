import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { PaidExpeditedJobs, type ExpeditedOnPayment } from '#payments/contracts/paid_expedited_jobs'
import { sqlTimestamp } from '#core/timestamps'
import { canMove, isExpeditedStatus } from '#logistics/expedited_status'
import { pushExpeditedChange, type ExpeditedChangeType } from './expedited_live.js'

type LockedJob = { id: number; shipper_id: number; carrier_id: number | null; status: string }

/**
 * Logistics' side of an expedited job's money (payments' PaidExpeditedJobs contract, docs/
 * decisions/0188): the provider's confirmed charge moves an unpaid job to REQUESTED, which
 * offers it to carriers; a failed card leaves it unpaid with the provider's message; a refund
 * is recorded on the job. Each call locks the job row inside the webhook's transaction, so a
 * cancel at the same moment is either before (the charge goes back) or after (the cancel
 * refunds it). Screens hear of it once the transaction has committed.
 */
export default class ExpeditedPaymentsProvider extends PaidExpeditedJobs {
  async paid(
    trx: TransactionClientContract,
    jobId: number,
    meta: { amountCents: number; at: DateTime }
  ): Promise<ExpeditedOnPayment> {
    const job = await this.lock(trx, jobId)
    if (!job) return { state: 'gone' }
    const stamp = sqlTimestamp(meta.at, trx)
    if (isExpeditedStatus(job.status) && canMove(job.status, 'REQUESTED', 'payments')) {
      await trx.from('expedited_jobs').where('id', jobId).update({
        status: 'REQUESTED',
        payment_status: 'paid',
        payment_failure: null,
        paid_at: stamp,
        updated_at: stamp,
      })
      this.tell(trx, job, 'requested')
      return { state: 'offered' }
    }
    await trx.from('expedited_jobs').where('id', jobId).update({
      payment_status: 'paid',
      payment_failure: null,
      paid_at: stamp,
      updated_at: stamp,
    })
    this.tell(trx, job, 'payment')
    return { state: 'gone' }
  }

  async paymentFailed(
    trx: TransactionClientContract,
    jobId: number,
    meta: { message: string; at: DateTime }
  ) {
    const job = await this.lock(trx, jobId)
    if (!job || job.status !== 'PAYMENT_PENDING') return
    const stamp = sqlTimestamp(meta.at, trx)
    await trx
      .from('expedited_jobs')
      .where('id', jobId)
      .update({
        payment_status: 'failed',
        payment_failure: meta.message.slice(0, 500),
        updated_at: stamp,
      })
    this.tell(trx, job, 'payment')
  }

  async refunded(
    trx: TransactionClientContract,
    jobId: number,
    meta: { amountCents: number; at: DateTime }
  ) {
    const job = await this.lock(trx, jobId)
    if (!job) return
    const stamp = sqlTimestamp(meta.at, trx)
    await trx
      .from('expedited_jobs')
      .where('id', jobId)
      .update({ payment_status: 'refunded', refunded_at: stamp, updated_at: stamp })
    this.tell(trx, job, 'payment')
  }

  private lock(trx: TransactionClientContract, jobId: number) {
    return trx
      .from('expedited_jobs')
      .where('id', jobId)
      .forUpdate()
      .select('id', 'shipper_id', 'carrier_id', 'status')
      .first() as Promise<LockedJob | null>
  }

  private tell(trx: TransactionClientContract, job: LockedJob, type: ExpeditedChangeType) {
    trx.after('commit', () =>
      pushExpeditedChange(
        { id: Number(job.id), shipperId: Number(job.shipper_id), carrierId: job.carrier_id },
        type
      )
    )
  }
}
