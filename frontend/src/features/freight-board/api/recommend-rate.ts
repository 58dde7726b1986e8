import { api } from '@/lib/api-client'
import type { FreightListingForm, RateRecommendation } from '@/features/freight-board/api/types'

/** POST /api/freight-listings/recommend: the price range comparable freight supports. */
export function recommendRate(form: FreightListingForm): Promise<RateRecommendation> {
  return api.post<RateRecommendation>('/api/freight-listings/recommend', form)
}
