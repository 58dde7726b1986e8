import ShipmentEvent from '#tms/models/shipment_event'
import type { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { DeliveryMilestones } from '#reviews/contracts/delivery_milestones'

/** Answers reviews' DeliveryMilestones from shipment_events (the on-time record, decision 0096). */
export default class DeliveryMilestonesProvider extends DeliveryMilestones {
  async deliveredTimes(
    bookingIds: number[],
    client?: QueryClientContract
  ): Promise<Map<number, DateTime[]>> {
    const times = new Map<number, DateTime[]>()
    if (bookingIds.length === 0) return times
    const events = await ShipmentEvent.query(client ? { client } : undefined)
      .whereIn('shipmentId', [...new Set(bookingIds)])
      .where('eventType', 'DELIVERED')
      .select('shipmentId', 'eventTime')
    for (const event of events) {
      const list = times.get(event.shipmentId) ?? []
      list.push(event.eventTime)
      times.set(event.shipmentId, list)
    }
    return times
  }
}
