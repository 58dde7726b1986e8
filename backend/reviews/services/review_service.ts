import { inject } from '@adonisjs/core'
import { transaction } from '#core/transactions'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Clock } from '#core/clock'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { isUniqueViolation } from '#core/validation'
import { bookingReference } from '#core/reference'
import { sqlTimestamp } from '#core/timestamps'
import BookingFactsService, {
  type BookingParties,
} from '#marketplace/services/booking_facts_service'
import Review from '#reviews/models/review'
import RatingSummaryService from '#reviews/services/rating_summary_service'
import { presentReview, type ReviewView } from '#reviews/services/review_presenter'
import {
  CRITERIA,
  isEditable,
  isRevealed,
  otherSide,
  reviewWindow,
  windowState,
  type Criterion,
  type ReviewSide,
  type WindowState,
} from '#reviews/review_rules'

export const BOOKING_NOT_FOUND = 'Booking not found'
export const REVIEW_NOT_FOUND = 'Review not found'
export const NOT_REVIEWABLE = 'Only bookings carried by a PalletLine carrier can be reviewed'
export const NOT_OPEN = 'Reviews open once the shipment is delivered and completed'
export const WINDOW_CLOSED = 'The 14-day review window for this booking has closed'
export const ALREADY_REVIEWED = 'You have already reviewed this booking'
export const PUBLISHED_FINAL = 'Both reviews are published and can no longer be changed'
export const HIDDEN_FINAL = 'This review was hidden by a moderator and can no longer be changed'

/** A review's input: the writer's three scores (1-5) and a comment. */
export type ReviewInput = Partial<Record<Criterion, number>> & { comment: string }

export type TheirReview =
  | { status: 'not_written'; review: null }
  /** written, but sealed until the viewer writes theirs or the window closes */
  | { status: 'sealed'; review: null }
  | { status: 'revealed'; review: ReviewView }
  | { status: 'hidden'; review: null }

/** GET /api/bookings/:id/reviews: one side's view of a booking's reviews. */
export type BookingReviews = {
  bookingId: number
  reference: string
  side: ReviewSide
  window: { state: WindowState; opensAt: string | null; closesAt: string | null }
  canWrite: boolean
  mine:
    | (ReviewView & {
        editable: boolean
        published: boolean
        hidden: boolean
        hiddenReason: string | null
      })
    | null
  theirs: TheirReview
}

type Parties = { carrierId: number; shipperId: number }

/**
 * Both sides' reviews of a completed booking (docs/decisions/0094). BookingPolicy-like
 * ReviewPolicy has made sure the user is the booking's shipper or carrier; the side is the
 * user's role. Blindness is decided here, on every read: the other side's review is sent only
 * once both have written or the window has closed.
 */
@inject()
export default class ReviewService {
  constructor(
    private clock: Clock,
    private bookings: BookingFactsService,
    private summaries: RatingSummaryService
  ) {}

  async forBooking(side: ReviewSide, bookingId: number): Promise<BookingReviews> {
    const booking = await this.booking(bookingId)
    const reviews = await Review.query().where('bookingId', bookingId)
    return this.view(side, booking, reviews)
  }

  async create(side: ReviewSide, userId: number, bookingId: number, input: ReviewInput) {
    const booking = await this.booking(bookingId)
    const parties = this.reviewable(booking)
    const window = reviewWindow(booking)!
    let published = false
    try {
      await transaction(async (trx) => {
        await this.summaries.lock(trx, parties)
        const now = this.clock.now()
        const state = windowState(window, now)
        if (state === 'not_open') throw new ConflictException(NOT_OPEN)
        if (state === 'closed') throw new ConflictException(WINDOW_CLOSED)
        const existing = await this.reviewsOf(bookingId, trx)
        if (existing.some((r) => r.authorRole === side)) {
          throw new ConflictException(ALREADY_REVIEWED)
        }
        await Review.create(
          {
            bookingId,
            authorRole: side,
            authorUserId: userId,
            ...parties,
            ...this.scores(side, input),
            comment: input.comment,
            windowClosesAt: window.closesAt,
            publishedAt: null,
            createdAt: now,
            updatedAt: now,
          },
          { client: trx }
        )
        // The second review publishes both: from now on each side reads the other's.
        if (existing.some((r) => r.authorRole === otherSide(side))) {
          await trx
            .from('reviews')
            .where('booking_id', bookingId)
            .whereNull('published_at')
            .update({ published_at: sqlTimestamp(now, trx) })
          await this.summaries.rewriteReviews(trx, parties)
          published = true
        }
      })
    } catch (error) {
      // A double submit: the unique (booking, side) let one in.
      if (isUniqueViolation(error)) throw new ConflictException(ALREADY_REVIEWED)
      throw error
    }
    if (published) {
      await this.summaries.changed({
        carrierIds: [parties.carrierId],
        shipperIds: [parties.shipperId],
      })
    }
    return this.forBooking(side, bookingId)
  }

  async update(side: ReviewSide, bookingId: number, input: ReviewInput) {
    const booking = await this.booking(bookingId)
    const parties = this.reviewable(booking)
    await transaction(async (trx) => {
      await this.summaries.lock(trx, parties)
      const now = this.clock.now()
      const mine = await Review.query({ client: trx })
        .where('bookingId', bookingId)
        .where('authorRole', side)
        .first()
      if (!mine) throw new NotFoundException(REVIEW_NOT_FOUND)
      if (!isEditable(mine, now)) {
        if (mine.hiddenAt !== null) throw new ConflictException(HIDDEN_FINAL)
        throw new ConflictException(mine.publishedAt ? PUBLISHED_FINAL : WINDOW_CLOSED)
      }
      mine.merge({ ...this.scores(side, input), comment: input.comment, updatedAt: now })
      await mine.save()
    })
    return this.forBooking(side, bookingId)
  }

  private async booking(bookingId: number): Promise<BookingParties> {
    const booking = await this.bookings.parties(bookingId)
    if (!booking) throw new NotFoundException(BOOKING_NOT_FOUND)
    return booking
  }

  private reviewable(booking: BookingParties): Parties {
    if (booking.carrierId === null) throw new ConflictException(NOT_REVIEWABLE)
    return { carrierId: booking.carrierId, shipperId: booking.shipperId }
  }

  private reviewsOf(bookingId: number, trx: TransactionClientContract) {
    return Review.query({ client: trx }).where('bookingId', bookingId)
  }

  private scores(side: ReviewSide, input: ReviewInput) {
    return Object.fromEntries(CRITERIA[side].map((c) => [c, input[c]!])) as Partial<
      Record<Criterion, number>
    >
  }

  private view(side: ReviewSide, booking: BookingParties, reviews: Review[]): BookingReviews {
    const now = this.clock.now()
    const window = booking.carrierId === null ? null : reviewWindow(booking)
    const state = windowState(window, now)
    const mine = reviews.find((r) => r.authorRole === side) ?? null
    const theirs = reviews.find((r) => r.authorRole === otherSide(side)) ?? null
    return {
      bookingId: booking.id,
      reference: bookingReference(booking.id),
      side,
      window: {
        state,
        opensAt: window?.opensAt.toUTC().toISO() ?? null,
        closesAt: window?.closesAt.toUTC().toISO() ?? null,
      },
      canWrite: mine === null && state === 'open',
      mine: mine && {
        ...presentReview(mine),
        editable: isEditable(mine, now),
        published: isRevealed(mine, now),
        hidden: mine.hiddenAt !== null,
        hiddenReason: mine.hiddenReason,
      },
      theirs: this.theirs(theirs, now),
    }
  }

  private theirs(review: Review | null, now: ReturnType<Clock['now']>): TheirReview {
    if (review === null) return { status: 'not_written', review: null }
    if (!isRevealed(review, now)) return { status: 'sealed', review: null }
    if (review.hiddenAt !== null) return { status: 'hidden', review: null }
    return { status: 'revealed', review: presentReview(review) }
  }
}
