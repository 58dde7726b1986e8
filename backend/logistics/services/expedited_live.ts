import transmit from '@adonisjs/transmit/services/main'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { notifyUsers } from '#core/live_notices'

/**
 * Approved carriers: a job was offered (`requested`: its payment confirmed, decision 0188),
 * accepted, cancelled or expired (their offers change). A `payment` change (pending, failed,
 * refunded) is the shipper's only.
 */
export const EXPEDITED_OFFERS_CHANNEL = 'expedited/offers'

/** One shipper's jobs (authorized in backend/start/transmit.ts to that shipper only). */
export const shipperExpeditedChannel = (shipperId: number) => `expedited/shipper/${shipperId}`

export type ExpeditedChangeType =
  | 'payment'
  | 'requested'
  | 'accepted'
  | 'cancelled'
  | 'position'
  | 'picked_up'
  | 'delivered'
  /** a driver's step at a stop (decision 0263) */
  | 'stop_event'
  | 'at_risk'
  | 'sla_missed'
  | 'expired'

const OFFER_CHANGES: ExpeditedChangeType[] = ['requested', 'accepted', 'cancelled', 'expired']

/**
 * Tells open screens a job changed: `{ type, id }` only; they refetch (the 10-second poll
 * stays as the fallback, decision 0127). The carrier on the job hears it on its own channel
 * (`{ kind: 'expedited', id, change }`, docs/decisions/0171): a job it no longer sees among the
 * offers (cancelled by the shipper, flagged at risk) still changes on its screen.
 */
export function pushExpeditedChange(
  job: { id: number; shipperId: number; carrierId?: number | null },
  type: ExpeditedChangeType
) {
  const payload = { type, id: job.id }
  transmit.broadcast(shipperExpeditedChannel(job.shipperId), payload)
  if (OFFER_CHANGES.includes(type)) transmit.broadcast(EXPEDITED_OFFERS_CHANNEL, payload)
  if (job.carrierId) void notifyCarrier(job.carrierId, job.id, type)
}

async function notifyCarrier(carrierId: number, jobId: number, type: ExpeditedChangeType) {
  try {
    const carrier = await db.from('carriers').where('id', carrierId).select('user_id').first()
    if (carrier) notifyUsers([carrier.user_id], { kind: 'expedited', id: jobId, change: type })
  } catch (error) {
    // A notice is a hint to fetch again: the screens' poll still finds the change.
    logger.warn({ err: error, jobId }, 'expedited live notice to the carrier failed')
  }
}
