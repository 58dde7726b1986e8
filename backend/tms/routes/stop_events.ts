/*
 * The driver's steps at a booking's stops, from the phone (docs/decisions/0243): the carrier's
 * members with the 'status' area record them for the company's bookings.
 */
import router from '@adonisjs/core/services/router'
import { bookingIdMatcher } from '#core/reference'
import { middleware } from '#start/kernel'

const StopEventsController = () => import('#tms/controllers/stop_events_controller')
const BookingPolicy = () => import('#marketplace/policies/booking_policy')

const ownBooking = () => middleware.authorize({ policy: BookingPolicy, action: 'manageAsCarrier' })

router
  .group(() => {
    router
      .get('/bookings/:id/stop-events', [StopEventsController, 'index'])
      .where('id', bookingIdMatcher)
      .use(ownBooking())
    router
      .post('/bookings/:id/stop-events', [StopEventsController, 'store'])
      .where('id', bookingIdMatcher)
      .use([ownBooking(), middleware.idempotent()])
    router
      .post('/bookings/:id/stop-photos', [StopEventsController, 'photo'])
      .where('id', bookingIdMatcher)
      .use([middleware.needs({ upload: true }), ownBooking(), middleware.idempotent()])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])
