/*
 * Payments routes: the client config, paying a booking, the sandbox card form and
 * the provider's webhook (no session, no CSRF: verified by its signature). A bearer token needs
 * `payments:write` to pay (decision 0169).
 */
import router from '@adonisjs/core/services/router'
import { bookingIdMatcher } from '#core/reference'
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
const QuickPayController = () => import('#payments/controllers/quick_pay_controller')
const BookingPolicy = () => import('#marketplace/policies/booking_policy')
const ownBookingAsCarrier = middleware.authorize({
  policy: BookingPolicy,
  action: 'manageAsCarrier',
})

router
  .group(() => {
    router.get('/carrier/stripe-status', [CarrierPaymentsController, 'status'])
    router.post('/carrier/stripe-onboard', [CarrierPaymentsController, 'onboard'])
    router.get('/carrier/payouts', [CarrierPaymentsController, 'payouts'])
    router.get('/carrier/payout-hold', [CarrierPaymentsController, 'hold'])
    // Quick pay (docs/decisions/0222): the quote, and taking a delivered booking's payout now.
    router
      .get('/carrier/bookings/:id/quick-pay', [QuickPayController, 'show'])
      .where('id', bookingIdMatcher)
      .use(ownBookingAsCarrier)
    router
      .post('/carrier/bookings/:id/quick-pay', [QuickPayController, 'store'])
      .where('id', bookingIdMatcher)
      .use([ownBookingAsCarrier, middleware.idempotent()])
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

/*
 * Cargo claims (docs/decisions/0232, 0233): the shipper files on a delivered booking and follows
 * it, the carrier answers, the shipper accepts or escalates, an admin decides.
 */
const ClaimsController = () => import('#payments/controllers/claims_controller')
const ClaimPolicy = () => import('#payments/policies/claim_policy')
const claimId = router.matchers.number()

router
  .group(() => {
    router
      .post('/bookings/:id/claims', [ClaimsController, 'store'])
      .where('id', bookingIdMatcher)
      .use([
        middleware.role({ roles: ['shipper'] }),
        middleware.authorize({ policy: ClaimPolicy, action: 'file' }),
        middleware.idempotent(),
      ])
    router
      .get('/claims', [ClaimsController, 'index'])
      .use(middleware.role({ roles: ['shipper', 'carrier'] }))
    router
      .get('/claims/:id', [ClaimsController, 'show'])
      .where('id', claimId)
      .use([
        middleware.role({ roles: ['shipper', 'carrier'] }),
        middleware.authorize({ policy: ClaimPolicy, action: 'view' }),
      ])
    router
      .post('/claims/:id/response', [ClaimsController, 'respond'])
      .where('id', claimId)
      .use([
        middleware.role({ roles: ['carrier'] }),
        middleware.authorize({ policy: ClaimPolicy, action: 'respond' }),
      ])
    router
      .post('/claims/:id/files', [ClaimsController, 'attach'])
      .where('id', claimId)
      .use([
        middleware.needs({ upload: true }),
        middleware.role({ roles: ['shipper', 'carrier'] }),
        middleware.authorize({ policy: ClaimPolicy, action: 'attachEvidence' }),
      ])
    router
      .get('/claims/:id/files/:fileId', [ClaimsController, 'file'])
      .where('id', claimId)
      .where('fileId', router.matchers.number())
      .use([
        middleware.role({ roles: ['shipper', 'carrier', 'admin'] }),
        middleware.authorize({ policy: ClaimPolicy, action: 'viewEvidence' }),
      ])
    for (const [path, method] of [
      ['accept', 'accept'],
      ['escalate', 'escalate'],
    ] as const) {
      router
        .post(`/claims/:id/${path}`, [ClaimsController, method])
        .where('id', claimId)
        .use([
          middleware.role({ roles: ['shipper'] }),
          middleware.authorize({ policy: ClaimPolicy, action: 'manageAsShipper' }),
        ])
    }
  })
  .prefix('/api')
  .use(middleware.auth())

router
  .group(() => {
    // `carrierId` in the query filters by carrier: any admin may name any carrier.
    router
      .get('/claims', [ClaimsController, 'adminIndex'])
      .use(middleware.authorize({ policy: ClaimPolicy, action: 'listAll' }))
    router
      .post('/claims/:id/decision', [ClaimsController, 'decide'])
      .where('id', claimId)
      .use(middleware.authorize({ policy: ClaimPolicy, action: 'decide' }))
  })
  .prefix('/api/admin')
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
