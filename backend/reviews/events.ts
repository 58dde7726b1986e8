import type { RatingsChanged } from '#reviews/services/rating_summary_service'

/** Events the reviews module emits; listeners are wired in backend/start/events.ts. */
declare module '@adonisjs/core/types' {
  interface EventsList {
    /** A carrier's or shipper's summary changed (review published, hidden, restored; delivery). */
    'ratings:changed': RatingsChanged
  }
}
