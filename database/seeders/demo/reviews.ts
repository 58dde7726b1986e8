/*
 * The demo's reviews, written through the reviews service at their moment (decision 0094):
 * both sides of most completed bookings, one side of a few (published when their 14-day window
 * closed, by the same run `ratings:refresh` makes), so carriers' and shippers' ratings, the
 * on-time rates and the moderation list have something to show. Booking ids come from earlier
 * steps; a carrier writes as its user.
 */
import type { DateTime } from 'luxon'
import { AUTO_COMPLETE_HOURS, REVIEW_WINDOW_DAYS } from '#reviews/review_rules'
import type { Timeline } from './timeline.js'
import type { DemoServices, DemoState } from './context.js'
import type { BookingPlan } from './plans.js'

export type DemoReviews = NonNullable<BookingPlan['reviews']>

/** Plans the reviews of a delivered booking; `completedAt` is null when the shipper never did. */
export function planReviews(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  index: number,
  reviews: DemoReviews,
  who: { shipper: string; carrier: string },
  deliveredAt: DateTime,
  completedAt: DateTime | null
) {
  const opensAt = completedAt ?? deliveredAt.plus({ hours: AUTO_COMPLETE_HOURS })
  const id = () => state.booking(index).id
  const { shipper, carrier } = reviews
  if (shipper) {
    const at = opensAt.plus({ hours: shipper.afterHours })
    if (at <= t.now) {
      t.at(at, `${who.shipper} reviews the carrier of booking ${index}`, () =>
        services.reviews.create('shipper', state.userId(who.shipper), id(), shipper.review)
      )
    }
  }
  if (carrier) {
    const at = opensAt.plus({ hours: carrier.afterHours })
    if (at <= t.now) {
      t.at(at, `${who.carrier} reviews the shipper of booking ${index}`, () =>
        services.reviews.create('carrier', state.userId(who.carrier), id(), carrier.review)
      )
    }
  }
  // One side only: the review enters the ratings when its window closes.
  const closesAt = opensAt.plus({ days: REVIEW_WINDOW_DAYS, minutes: 5 })
  if (!(shipper && carrier) && closesAt <= t.now) {
    t.at(closesAt, `reviews of booking ${index} are published`, () =>
      services.reviewPublication.publishDue()
    )
  }
}
