/*
 * Shipper-side marketplace routes (issue 4): carrier search, fixed-price booking,
 * completion, cancellation, dashboard metrics; and the booking list both sides read.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SearchController = () => import('#marketplace/controllers/search_controller')
const CarrierProfilesController = () =>
  import('#marketplace/controllers/carrier_profiles_controller')
const BookingsController = () => import('#marketplace/controllers/bookings_controller')
const ShipperDashboardController = () =>
  import('#marketplace/controllers/shipper_dashboard_controller')

const id = { id: router.matchers.number() }

router
  .group(() => {
    router.post('/listings/search', [SearchController, 'search'])
    router
      .get('/listings/:id/carrier-profile', [CarrierProfilesController, 'show'])
      .where('id', id.id)
    router.post('/bookings', [BookingsController, 'store']).use(middleware.idempotent())
    router.post('/booking/:id/complete', [BookingsController, 'complete']).where('id', id.id)
    router.post('/bookings/:id/cancel', [BookingsController, 'cancel']).where('id', id.id)
    router.get('/shipper/dashboard-metrics', [ShipperDashboardController, 'show'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper'] })])

// Both sides read bookings: a shipper its own, an approved carrier its company's; admins 403.
router
  .group(() => {
    router.get('/bookings', [BookingsController, 'index'])
    router.get('/bookings/:id', [BookingsController, 'show']).where('id', id.id)
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper', 'carrier'] })])
