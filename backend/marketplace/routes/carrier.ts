/*
 * Carrier-side booking routes: the carrier's bookings and status updates, its
 * dashboard and invoices, a booking's status history, and the shipper's invoice list.
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

router
  .group(() => {
    router.get('/carrier/bookings', [CarrierBookingsController, 'index'])
    router
      .put('/bookings/:id/status', [CarrierBookingsController, 'updateStatus'])
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
