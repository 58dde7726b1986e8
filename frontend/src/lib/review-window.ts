/**
 * The review window of a delivered booking, as the server's rule (backend/reviews/review_rules.ts,
 * decision 0094): it opens at completion or 48 hours after delivery, whichever is first, and
 * closes 14 days later. The lists use it to offer "Rate this ..." only while it can be done.
 */
export const REVIEW_WINDOW_DAYS = 14
export const AUTO_COMPLETE_HOURS = 48

export type ReviewWindowFacts = { deliveredAt: string | null; completedAt: string | null }

const HOUR = 60 * 60 * 1000

/** When the window opens (ms since the epoch), or null before a delivery. */
function reviewWindowOpensAt({ deliveredAt, completedAt }: ReviewWindowFacts) {
  if (!deliveredAt) return null
  const due = Date.parse(deliveredAt) + AUTO_COMPLETE_HOURS * HOUR
  const completed = completedAt ? Date.parse(completedAt) : Number.NaN
  return Number.isFinite(completed) && completed < due ? completed : due
}

/** When the window closes (ms since the epoch), or null before a delivery. */
export function reviewWindowClosesAt(facts: ReviewWindowFacts) {
  const opensAt = reviewWindowOpensAt(facts)
  return opensAt === null ? null : opensAt + REVIEW_WINDOW_DAYS * 24 * HOUR
}

/** True while a delivered booking waits for its window: nothing can be written or read yet. */
export function reviewWindowNotOpen(facts: ReviewWindowFacts, now = Date.now()): boolean {
  const opensAt = reviewWindowOpensAt(facts)
  return opensAt !== null && now < opensAt
}

/** True once the window has closed: nothing can be written any more, only read. */
export function reviewWindowClosed(facts: ReviewWindowFacts, now = Date.now()): boolean {
  const closesAt = reviewWindowClosesAt(facts)
  return closesAt !== null && now >= closesAt
}
