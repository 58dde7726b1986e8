/*
 * Reviews routes: each side of a completed booking reviews the other; admins moderate.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const BookingReviewsController = () => import('#reviews/controllers/booking_reviews_controller')
const ReviewModerationController = () => import('#reviews/controllers/review_moderation_controller')
const ReviewPolicy = () => import('#reviews/policies/review_policy')
const id = router.matchers.number()
const party = middleware.authorize({ policy: ReviewPolicy, action: 'reviewBooking' })

router
  .group(() => {
    router
      .get('/bookings/:id/reviews', [BookingReviewsController, 'show'])
      .where('id', id)
      .use(party)
    router
      .post('/bookings/:id/reviews', [BookingReviewsController, 'store'])
      .where('id', id)
      .use(party)
    router
      .put('/bookings/:id/reviews/mine', [BookingReviewsController, 'update'])
      .where('id', id)
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
