/*
 * Reviews routes: each side of a completed booking reviews the other; admins moderate; the
 * public figures of the platform's delivery record.
 */
import router from '@adonisjs/core/services/router'
import { bookingIdMatcher } from '#core/reference'
import { middleware } from '#start/kernel'

const BookingReviewsController = () => import('#reviews/controllers/booking_reviews_controller')
const ReviewModerationController = () => import('#reviews/controllers/review_moderation_controller')
const PlatformFiguresController = () => import('#reviews/controllers/platform_figures_controller')
const ReviewPolicy = () => import('#reviews/policies/review_policy')
const id = router.matchers.number()
const party = middleware.authorize({ policy: ReviewPolicy, action: 'reviewBooking' })

// Public: the figures of the landing and about pages, counts only (docs/decisions/0190).
router.get('/api/platform/figures', [PlatformFiguresController, 'show'])

router
  .group(() => {
    router
      .get('/bookings/:id/reviews', [BookingReviewsController, 'show'])
      .where('id', bookingIdMatcher)
      .use(party)
    router
      .post('/bookings/:id/reviews', [BookingReviewsController, 'store'])
      .where('id', bookingIdMatcher)
      .use(party)
    router
      .put('/bookings/:id/reviews/mine', [BookingReviewsController, 'update'])
      .where('id', bookingIdMatcher)
      .use(party)
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper', 'carrier'] })])

router
  .group(() => {
    router.get('/reviews', [ReviewModerationController, 'index'])
    router
      .post('/reviews/:id/hide', [ReviewModerationController, 'hide'])
      .where('id', id)
      .use(middleware.authorize({ policy: ReviewPolicy, action: 'moderate' }))
    router
      .post('/reviews/:id/restore', [ReviewModerationController, 'restore'])
      .where('id', id)
      .use(middleware.authorize({ policy: ReviewPolicy, action: 'moderate' }))
  })
  .prefix('/api/admin')
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
