/* The carrier's own insurance certificate and vetting (admins' vetting routes are admin's). */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const InsuranceController = () => import('#trust/controllers/insurance_controller')

router
  .group(() => {
    router.get('/insurance', [InsuranceController, 'show'])
    // A PDF, JPEG or PNG certificate, as a multipart body the controller streams itself.
    router
      .post('/insurance', [InsuranceController, 'upload'])
      .use(middleware.needs({ upload: true }))
    router.get('/insurance/certificate', [InsuranceController, 'download'])
  })
  .prefix('/api/carrier')
  .use(middleware.auth())
