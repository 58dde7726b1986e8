/*
 * Payments routes (issue 5): the client config, paying a booking, the sandbox card form and
 * the provider's webhook (no session, no CSRF: verified by its signature).
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const PaymentsController = () => import('#payments/controllers/payments_controller')

router.get('/api/payments/config', [PaymentsController, 'config']).use(middleware.auth())

router
  .group(() => {
    router.post('/create-payment-intent', [PaymentsController, 'createIntent'])
    router.post('/sandbox/payments/confirm', [PaymentsController, 'confirmSandbox'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['shipper'] })])

router.post('/api/webhooks/payments', [PaymentsController, 'webhook'])
