import { inject } from '@adonisjs/core'
import { CarrierRecords, type CarrierRecord } from '#marketplace/contracts/carrier_records'
import RatingSummaryService from '#reviews/services/rating_summary_service'

/** Answers marketplace's CarrierRecords from the maintained summaries (decision 0096). */
@inject()
export default class CarrierRecordsProvider extends CarrierRecords {
  constructor(private summaries: RatingSummaryService) {
    super()
  }

  async forCarriers(carrierIds: number[]): Promise<Map<number, CarrierRecord>> {
    const ratings = await this.summaries.carriers(carrierIds)
    return new Map(
      [...ratings].map(([id, r]) => [
        id,
        {
          completedLoads: r.deliveredLoads,
          onTimeRate: r.onTimeRate,
          rating: { average: r.average, count: r.count },
          claimsRatio: r.claimsRatio,
        },
      ])
    )
  }
}
