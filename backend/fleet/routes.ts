import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const CarrierProfileController = () => import('#fleet/controllers/carrier_profile_controller')

router
  .group(() => {
    router.get('/carrier/profile', [CarrierProfileController, 'show'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])
