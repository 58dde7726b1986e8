/*
 * Payments routes: the client config, paying a booking, the sandbox card form and
 * the provider's webhook (no session, no CSRF: verified by its signature). A bearer token needs
 * `payments:write` to pay (decision 0169).
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const PaymentsController = () => import('#payments/controllers/payments_controller')
const PaymentPolicy = () => import('#payments/policies/payment_policy')
const PayoutAccountPolicy = () => import('#payments/policies/payout_account_policy')
const onboardOwnAccount = middleware.authorize({ policy: PayoutAccountPolicy, action: 'onboard' })

const pays = () => middleware.auth({ abilities: ['payments:write'] })

router.get('/api/payments/config', [PaymentsController, 'config']).use(pays())

router
  .group(() => {
    router
      .post('/create-payment-intent', [PaymentsController, 'createIntent'])
      .use([
        pays(),
        middleware.role({ roles: ['shipper'] }),
        middleware.authorize({ policy: PaymentPolicy, action: 'pay' }),
        middleware.idempotent(),
      ])
    router
      .post('/sandbox/payments/confirm', [PaymentsController, 'confirmSandbox'])
      .use([
        pays(),
        middleware.role({ roles: ['shipper'] }),
        middleware.authorize({ policy: PaymentPolicy, action: 'confirm' }),
        middleware.idempotent(),
      ])
  })
  .prefix('/api')

// Signed by the provider and verified on its exact bytes: no session, no CSRF token, the body
// read raw.
router
  .post('/api/webhooks/payments', [PaymentsController, 'webhook'])
  .use(middleware.needs({ stateless: true, rawBody: true }))

/* Carrier payout account and payout history (docs/spec.md §7). */
const CarrierPaymentsController = () => import('#payments/controllers/carrier_payments_controller')

router
  .group(() => {
    router.get('/carrier/stripe-status', [CarrierPaymentsController, 'status'])
    router.post('/carrier/stripe-onboard', [CarrierPaymentsController, 'onboard'])
    router.get('/carrier/payouts', [CarrierPaymentsController, 'payouts'])
    router.get('/carrier/payout-hold', [CarrierPaymentsController, 'hold'])
    router.post('/carrier/payout-account/replace', [CarrierPaymentsController, 'replaceAccount'])
    router
      .post('/sandbox/onboarding/:accountId/complete', [
        CarrierPaymentsController,
        'completeSandbox',
      ])
      .use(onboardOwnAccount)
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] })])

// The sandbox's hosted-onboarding stand-in: a page of the backend, before the SPA fallback.
router
  .get('/sandbox/onboarding/:accountId', [CarrierPaymentsController, 'sandboxPage'])
  .use([middleware.auth(), middleware.role({ roles: ['carrier'] }), onboardOwnAccount])
