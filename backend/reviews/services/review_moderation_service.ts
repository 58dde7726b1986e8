import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { transaction } from '#core/transactions'
import { Clock } from '#core/clock'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { bookingReference } from '#core/reference'
import { sqlTimestamp } from '#core/timestamps'
import AccountStatsService from '#accounts/services/account_stats_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import Review from '#reviews/models/review'
import ReviewModeration from '#reviews/models/review_moderation'
import RatingSummaryService from '#reviews/services/rating_summary_service'
import { presentReview } from '#reviews/services/review_presenter'
import { REVIEW_NOT_FOUND } from '#reviews/services/review_service'
import { isRevealed } from '#reviews/review_rules'

export const ALREADY_HIDDEN = 'This review is already hidden'
export const NOT_HIDDEN = 'This review is not hidden'
export const MODERATION_PAGE_SIZE = 20

export type ModerationFilter = 'all' | 'visible' | 'sealed' | 'hidden'

/**
 * Admins hide a review for abuse, or restore it, always with a reason that is kept
 * (docs/decisions/0095). A hidden review leaves the summaries at once; its author still sees
 * it, marked hidden with the reason.
 */
@inject()
export default class ReviewModerationService {
  constructor(
    private clock: Clock,
    private summaries: RatingSummaryService,
    private accounts: AccountStatsService,
    private carriers: CarrierProfileService
  ) {}

  async list(filter: ModerationFilter, page: number) {
    const now = this.clock.now()
    const stamp = sqlTimestamp(now, db.connection())
    const query = Review.query()
    if (filter === 'hidden') query.whereNotNull('hiddenAt')
    else if (filter !== 'all') query.whereNull('hiddenAt')
    if (filter === 'visible') {
      query.where((q) => q.whereNotNull('publishedAt').orWhere('windowClosesAt', '<=', stamp))
    }
    if (filter === 'sealed') query.whereNull('publishedAt').where('windowClosesAt', '>', stamp)
    const result = await query
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .paginate(page, MODERATION_PAGE_SIZE)
    const meta = result.getMeta()
    return {
      data: await this.present(result.all()),
      meta: {
        total: Number(meta.total),
        perPage: Number(meta.perPage),
        currentPage: Number(meta.currentPage),
        lastPage: Math.max(1, Number(meta.lastPage)),
      },
    }
  }

  /** Reviews as the moderation list shows them: names, state and their moderation log. */
  private async present(reviews: Review[]) {
    const now = this.clock.now()
    const ids = reviews.map((r) => r.id)
    const log = ids.length
      ? await ReviewModeration.query()
          .whereIn('reviewId', ids)
          .orderBy('createdAt', 'asc')
          .orderBy('id', 'asc')
      : []
    const people = await this.accounts.contactsByIds([
      ...reviews.map((r) => r.shipperId),
      ...log.map((entry) => entry.adminUserId),
    ])
    const companies = await this.carriers.companyNamesByIds(reviews.map((r) => r.carrierId))
    const shipperName = (id: number) => people.get(id)?.name ?? `Shipper ${id}`
    const carrierName = (id: number) => companies.get(id) ?? `Carrier ${id}`
    return reviews.map((review) => {
      const byShipper = review.authorRole === 'shipper'
      return {
        ...presentReview(review),
        bookingId: review.bookingId,
        bookingReference: bookingReference(review.bookingId),
        authorName: byShipper ? shipperName(review.shipperId) : carrierName(review.carrierId),
        subjectName: byShipper ? carrierName(review.carrierId) : shipperName(review.shipperId),
        state: (review.hiddenAt !== null
          ? 'hidden'
          : isRevealed(review, now)
            ? 'visible'
            : 'sealed') as ModerationFilter,
        hiddenReason: review.hiddenReason,
        moderation: log
          .filter((entry) => entry.reviewId === review.id)
          .map((entry) => ({
            action: entry.action,
            reason: entry.reason,
            adminName: people.get(entry.adminUserId)?.name ?? `Admin ${entry.adminUserId}`,
            at: entry.createdAt.toUTC().toISO()!,
          })),
      }
    })
  }

  async hide(adminUserId: number, reviewId: number, reason: string) {
    return this.moderate(adminUserId, reviewId, 'hide', reason)
  }

  async restore(adminUserId: number, reviewId: number, reason: string) {
    return this.moderate(adminUserId, reviewId, 'restore', reason)
  }

  private async moderate(
    adminUserId: number,
    reviewId: number,
    action: 'hide' | 'restore',
    reason: string
  ) {
    const found = await Review.find(reviewId)
    if (!found) throw new NotFoundException(REVIEW_NOT_FOUND)
    const parties = { carrierId: found.carrierId, shipperId: found.shipperId }
    await transaction(async (trx) => {
      await this.summaries.lock(trx, parties)
      const review = await Review.query({ client: trx }).where('id', reviewId).firstOrFail()
      const now = this.clock.now()
      if (action === 'hide' && review.hiddenAt !== null) throw new ConflictException(ALREADY_HIDDEN)
      if (action === 'restore' && review.hiddenAt === null) throw new ConflictException(NOT_HIDDEN)
      review.merge(
        action === 'hide'
          ? { hiddenAt: now, hiddenReason: reason, hiddenBy: adminUserId }
          : { hiddenAt: null, hiddenReason: null, hiddenBy: null }
      )
      await review.save()
      await ReviewModeration.create(
        { reviewId, adminUserId, action, reason, createdAt: now },
        { client: trx }
      )
      await this.summaries.rewriteReviews(trx, parties)
    })
    await this.summaries.changed({
      carrierIds: [parties.carrierId],
      shipperIds: [parties.shipperId],
    })
    const [view] = await this.present([await Review.findOrFail(reviewId)])
    return view
  }
}
