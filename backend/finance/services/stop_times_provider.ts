import { inject } from '@adonisjs/core'
import type { DateTime } from 'luxon'
import { StopTimes } from '#tms/contracts/stop_times'
import BookingEvidenceService from '#finance/services/booking_evidence_service'

/** Answers the TMS's StopTimes with the booking's evidence (docs/decisions/0243). */
@inject()
export default class StopTimesProvider extends StopTimes {
  constructor(private evidence: BookingEvidenceService) {
    super()
  }

  async record(
    bookingId: number,
    userId: number,
    input: { stop: 'PICKUP' | 'DELIVERY'; arrivedAt: DateTime; departedAt: DateTime }
  ) {
    await this.evidence.recordStop(bookingId, userId, input)
  }
}
