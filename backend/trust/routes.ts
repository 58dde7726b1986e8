/* The carrier's own insurance certificate and vetting (admins' vetting routes are admin's). */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const InsuranceController = () => import('#trust/controllers/insurance_controller')

router
  .group(() => {
    router.get('/insurance', [InsuranceController, 'show'])
    router.post('/insurance', [InsuranceController, 'upload'])
    router.get('/insurance/certificate', [InsuranceController, 'download'])
  })
  .prefix('/api/carrier')
  .use(middleware.auth())
