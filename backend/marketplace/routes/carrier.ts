/*
 * Carrier-side booking routes: the carrier's bookings and status updates, the acceptance of a
 * rate confirmation, its dashboard and invoices, a booking's status history and rate
 * confirmation, and the shipper's invoice list.
 */
import router from '@adonisjs/core/services/router'
import { bookingIdMatcher } from '#core/reference'
import { middleware } from '#start/kernel'

const CarrierBookingsController = () =>
  import('#marketplace/controllers/carrier_bookings_controller')
const CarrierDashboardController = () =>
  import('#marketplace/controllers/carrier_dashboard_controller')
const BookingHistoryController = () => import('#marketplace/controllers/booking_history_controller')
const InvoicesController = () => import('#marketplace/controllers/invoices_controller')
const BookingPolicy = () => import('#marketplace/policies/booking_policy')
const RateConfirmationsController = () =>
  import('#marketplace/controllers/rate_confirmations_controller')

router
  .group(() => {
    router.get('/carrier/bookings', [CarrierBookingsController, 'index'])
    router
      .put('/bookings/:id/status', [CarrierBookingsController, 'updateStatus'])
      .where('id', bookingIdMatcher)
      .use(middleware.authorize({ policy: BookingPolicy, action: 'manageAsCarrier' }))
    // A dispatcher or owner assigns the booking to a driver member (docs/decisions/0237).
    router
      .put('/bookings/:id/driver', [CarrierBookingsController, 'assignDriver'])
      .where('id', bookingIdMatcher)
      .use(middleware.authorize({ policy: BookingPolicy, action: 'manageAsCarrier' }))
    router
      .post('/bookings/:id/rate-confirmation/accept', [RateConfirmationsController, 'accept'])
      .where('id', bookingIdMatcher)
      .use(middleware.authorize({ policy: BookingPolicy, action: 'manageAsCarrier' }))
    router.get('/carrier/dashboard', [CarrierDashboardController, 'show'])
    router.get('/carrier/invoices', [InvoicesController, 'carrier'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])

router
  .get('/api/shipper/invoices', [InvoicesController, 'shipper'])
  .use([middleware.auth(), middleware.role({ roles: ['shipper'] })])

router
  .get('/api/bookings/:id/history', [BookingHistoryController, 'index'])
  .where('id', bookingIdMatcher)
  .use([
    middleware.auth(),
    middleware.role({ roles: ['shipper', 'carrier', 'admin'] }),
    middleware.authorize({ policy: BookingPolicy, action: 'viewHistory' }),
  ])

// A paid booking's rate confirmation: its shipper and its carrier read it (decision 0226).
router
  .get('/api/bookings/:id/rate-confirmation', [RateConfirmationsController, 'show'])
  .where('id', bookingIdMatcher)
  .use([
    middleware.auth(),
    middleware.role({ roles: ['shipper', 'carrier'] }),
    middleware.authorize({ policy: BookingPolicy, action: 'view' }),
  ])
