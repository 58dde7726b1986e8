/*
 * Shipper-side marketplace routes: carrier search, fixed-price booking,
 * completion, cancellation, dashboard metrics; and the booking list both sides read.
 */
import router from '@adonisjs/core/services/router'
import { bookingIdMatcher } from '#core/reference'
import { middleware } from '#start/kernel'

const SearchController = () => import('#marketplace/controllers/search_controller')
const CarrierProfilesController = () =>
  import('#marketplace/controllers/carrier_profiles_controller')
const BookingsController = () => import('#marketplace/controllers/bookings_controller')
const ShipperDashboardController = () =>
  import('#marketplace/controllers/shipper_dashboard_controller')

const BookingPolicy = () => import('#marketplace/policies/booking_policy')
const ListingPolicy = () => import('#fleet/policies/listing_policy')
const id = { id: router.matchers.number() }
const asShipper = middleware.authorize({ policy: BookingPolicy, action: 'manageAsShipper' })

router
  .group(() => {
    router.post('/listings/search', [SearchController, 'search'])
    router
      .get('/listings/:id/carrier-profile', [CarrierProfilesController, 'show'])
      .where('id', id.id)
      .use(middleware.authorize({ policy: ListingPolicy, action: 'viewOffer' }))
    router.post('/bookings', [BookingsController, 'store']).use([
      middleware.scope({
        kind: 'shared',
        reason: 'every shipper may book any active listing; the price is the server’s own',
      }),
      middleware.idempotent(),
    ])
    router
      .post('/booking/:id/complete', [BookingsController, 'complete'])
      .where('id', bookingIdMatcher)
      .use(asShipper)
    router
      .post('/bookings/:id/cancel', [BookingsController, 'cancel'])
      .where('id', bookingIdMatcher)
      .use(asShipper)
    router
      .get('/bookings/:id/cancellation', [BookingsController, 'cancellation'])
      .where('id', bookingIdMatcher)
      .use(asShipper)
    router.get('/shipper/dashboard-metrics', [ShipperDashboardController, 'show'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper'] })])

// Both sides read bookings: a shipper its own, an approved carrier its company's; admins 403.
// One booking is also what a TMS integration follows: a bearer token with `tms:read` (0169).
const bothSides = () => middleware.role({ roles: ['shipper', 'carrier'] })
router
  .group(() => {
    router.get('/bookings', [BookingsController, 'index']).use([middleware.auth(), bothSides()])
    router
      .get('/bookings/:id', [BookingsController, 'show'])
      .where('id', bookingIdMatcher)
      .use([
        middleware.auth({ abilities: ['tms:read'] }),
        bothSides(),
        middleware.authorize({ policy: BookingPolicy, action: 'view' }),
      ])
  })
  .prefix('/api')
