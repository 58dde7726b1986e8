import transmit from '@adonisjs/transmit/services/main'

/** Approved carriers: a job was requested, accepted or cancelled (their offers change). */
export const EXPEDITED_OFFERS_CHANNEL = 'expedited/offers'

/** One shipper's jobs (authorized in backend/start/transmit.ts to that shipper only). */
export const shipperExpeditedChannel = (shipperId: number) => `expedited/shipper/${shipperId}`

export type ExpeditedChangeType =
  | 'requested'
  | 'accepted'
  | 'cancelled'
  | 'position'
  | 'picked_up'
  | 'delivered'
  | 'at_risk'
  | 'sla_missed'

const OFFER_CHANGES: ExpeditedChangeType[] = ['requested', 'accepted', 'cancelled']

/**
 * Tells open screens a job changed: `{ type, id }` only; they refetch (the 10-second poll
 * stays as the fallback, decision 0127).
 */
export function pushExpeditedChange(
  job: { id: number; shipperId: number },
  type: ExpeditedChangeType
) {
  const payload = { type, id: job.id }
  transmit.broadcast(shipperExpeditedChannel(job.shipperId), payload)
  if (OFFER_CHANGES.includes(type)) transmit.broadcast(EXPEDITED_OFFERS_CHANNEL, payload)
}
