import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const CarrierProfileController = () => import('#fleet/controllers/carrier_profile_controller')
const TrucksController = () => import('#fleet/controllers/trucks_controller')
const CarrierListingsController = () => import('#fleet/controllers/carrier_listings_controller')
const TruckPolicy = () => import('#fleet/policies/truck_policy')
const ListingPolicy = () => import('#fleet/policies/listing_policy')
const manageTruck = middleware.authorize({ policy: TruckPolicy, action: 'manage' })

router
  .group(() => {
    router.get('/carrier/profile', [CarrierProfileController, 'show'])
    router.put('/carrier/profile', [CarrierProfileController, 'update'])

    router.get('/trucks', [TrucksController, 'index'])
    router.post('/trucks', [TrucksController, 'store'])
    router
      .put('/trucks/:id', [TrucksController, 'update'])
      .where('id', router.matchers.number())
      .use(manageTruck)
    router
      .delete('/trucks/:id', [TrucksController, 'destroy'])
      .where('id', router.matchers.number())
      .use(manageTruck)

    router.get('/carrier/me/listings', [CarrierListingsController, 'index'])
    router.post('/listings', [CarrierListingsController, 'store']).use([
      middleware.scope({
        kind: 'self',
        reason: "the body's truckId is looked up among the carrier's own trucks only",
      }),
      middleware.idempotent(),
    ])
    router
      .put('/listings/:id/status', [CarrierListingsController, 'updateStatus'])
      .where('id', router.matchers.number())
      .use(middleware.authorize({ policy: ListingPolicy, action: 'manage' }))
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])
