import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import TmsDocument from '#tms/models/tms_document'
import ShipmentEvent from '#tms/models/shipment_event'
import {
  DeliveryEvidence,
  type DeliveryEvidenceFacts,
} from '#marketplace/contracts/delivery_evidence'

/**
 * Answers marketplace's DeliveryEvidence (docs/decisions/0166): a POD the carrier uploaded to
 * the booking (`tms_documents`), and the EXCEPTION milestones of its shipment
 * (`shipment_events`: the carrier's delay in the app, a partner's or a feed's exception).
 */
export default class DeliveryEvidenceProvider extends DeliveryEvidence {
  async forBookings(
    bookingIds: number[],
    client?: QueryClientContract
  ): Promise<Map<number, DeliveryEvidenceFacts>> {
    const evidence = new Map<number, DeliveryEvidenceFacts>()
    const ids = [...new Set(bookingIds)]
    if (ids.length === 0) return evidence
    const options = client ? { client } : undefined
    const [proofs, exceptions] = await Promise.all([
      TmsDocument.query(options)
        .whereIn('shipmentId', ids)
        .where('docType', 'POD')
        .distinct('shipmentId'),
      ShipmentEvent.query(options)
        .whereIn('shipmentId', ids)
        .where('eventType', 'EXCEPTION')
        .distinct('shipmentId'),
    ])
    const of = (id: number) => {
      const facts = evidence.get(id) ?? { proofOfDelivery: false, exception: false }
      evidence.set(id, facts)
      return facts
    }
    for (const row of proofs) of(Number(row.shipmentId)).proofOfDelivery = true
    for (const row of exceptions) of(Number(row.shipmentId)).exception = true
    return evidence
  }
}
