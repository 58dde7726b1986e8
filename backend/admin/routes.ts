import router from '@adonisjs/core/services/router'
import { bookingIdMatcher } from '#core/reference'
import { middleware } from '#start/kernel'

const UserApprovalsController = () => import('#admin/controllers/user_approvals_controller')
const AccessTokensController = () => import('#admin/controllers/access_tokens_controller')
const AdminDashboardController = () => import('#admin/controllers/admin_dashboard_controller')
const AnalyticsOverviewController = () => import('#admin/controllers/analytics_overview_controller')
const MoneyHealthController = () => import('#admin/controllers/money_health_controller')
const PayoutsController = () => import('#admin/controllers/payouts_controller')
const CarrierVettingController = () => import('#admin/controllers/carrier_vetting_controller')
const FleetOversightController = () => import('#admin/controllers/fleet_oversight_controller')
const OperatorReadsController = () => import('#admin/controllers/operator_reads_controller')
const SandboxCensusController = () => import('#admin/controllers/sandbox_census_controller')
const ContactMessagesController = () => import('#admin/controllers/contact_messages_controller')
const UserManagementController = () => import('#admin/controllers/user_management_controller')
const AdminPolicy = () => import('#admin/policies/admin_policy')

router
  .group(() => {
    router.get('/dashboard', [AdminDashboardController, 'show'])
    router
      .post('/bookings/:id/reveal-carrier', [AdminDashboardController, 'revealCarrier'])
      .where('id', bookingIdMatcher)
    router.get('/analytics-overview', [AnalyticsOverviewController, 'show'])
    router.get('/users/pending', [UserApprovalsController, 'pending'])
    router
      .put('/users/:userId/approve', [UserApprovalsController, 'decide'])
      .where('userId', router.matchers.number())
    // User management (decisions 0210-0212)
    router.get('/users', [UserManagementController, 'index'])
    router
      .get('/users/:userId', [UserManagementController, 'show'])
      .where('userId', router.matchers.number())
    for (const [path, method] of [
      ['suspend', 'suspend'],
      ['reinstate', 'reinstate'],
      ['reset-two-factor', 'resetTwoFactor'],
      ['revoke-sessions', 'revokeSessions'],
      ['revoke-tokens', 'revokeTokens'],
      ['unlock', 'unlock'],
      ['force-password-reset', 'forcePasswordReset'],
      ['email', 'changeEmail'],
    ] as const) {
      router
        .post(`/users/:userId/${path}`, [UserManagementController, method])
        .where('userId', router.matchers.number())
    }
    router.get('/user-actions', [UserManagementController, 'pending'])
    router
      .post('/user-actions/:requestId/confirm', [UserManagementController, 'confirm'])
      .where('requestId', router.matchers.number())
    router.get('/carriers', [FleetOversightController, 'index'])
    router.get('/carriers/flagged', [CarrierVettingController, 'flagged'])
    router
      .post('/carriers/:carrierId/suspend', [FleetOversightController, 'suspend'])
      .where('carrierId', router.matchers.number())
    router
      .post('/carriers/:carrierId/reinstate', [FleetOversightController, 'reinstate'])
      .where('carrierId', router.matchers.number())
    router
      .post('/carriers/:carrierId/vetting', [CarrierVettingController, 'vet'])
      .where('carrierId', router.matchers.number())
    router
      .get('/carriers/:carrierId/insurance/certificate', [CarrierVettingController, 'certificate'])
      .where('carrierId', router.matchers.number())
    router.get('/tokens', [AccessTokensController, 'index'])
    router.post('/tokens', [AccessTokensController, 'store'])
    router
      .delete('/tokens/:userId/:tokenId', [AccessTokensController, 'destroy'])
      .where('userId', router.matchers.number())
      .where('tokenId', router.matchers.number())
    router.get('/audit/verify', [MoneyHealthController, 'verify'])
    router.get('/payments/reconciliation', [MoneyHealthController, 'reconciliation'])
    router.get('/reveals', [OperatorReadsController, 'index'])
    router.get('/deployment', [OperatorReadsController, 'deployment'])
    router.post('/sandbox/census', [SandboxCensusController, 'store'])
    router.get('/freight-listings', [OperatorReadsController, 'freightListings'])
    router.get('/contact-messages', [ContactMessagesController, 'index'])
    router.get('/payouts', [PayoutsController, 'index'])
    router.get('/payouts/attention', [PayoutsController, 'attention'])
    router
      .post('/payouts/:bookingId/retry', [PayoutsController, 'retry'])
      .where('bookingId', bookingIdMatcher)
    router
      .post('/expedited-payouts/:jobId/retry', [PayoutsController, 'retryExpedited'])
      .where('jobId', router.matchers.number())
  })
  .prefix('/api/admin')
  .use([
    middleware.auth(),
    middleware.role({ roles: ['admin'] }),
    middleware.authorize({ policy: AdminPolicy, action: 'manage' }),
  ])
