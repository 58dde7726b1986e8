/*
 * Milestone tracking: a shipment's events and route for its parties, signed pushes from
 * partners and ELDs (no session, no CSRF: verified by their signature), and alert rules. A
 * bearer token needs `tms:read` to follow and `tms:write` to change alert rules (decision 0169).
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const TrackingController = () => import('#tms/controllers/tracking_controller')
const AlertRulesController = () => import('#tms/controllers/alert_rules_controller')
const ShipmentPolicy = () => import('#tms/policies/shipment_policy')
const AlertRulePolicy = () => import('#tms/policies/alert_rule_policy')
const viewShipment = middleware.authorize({ policy: ShipmentPolicy, action: 'view' })
const follows = () => middleware.auth({ abilities: ['tms:read'] })
const changes = () => middleware.auth({ abilities: ['tms:write'] })

router
  .group(() => {
    router
      .get('/tms/shipments/:id/events', [TrackingController, 'events'])
      .use([follows(), viewShipment])
    router.get('/tms/shipments/:id', [TrackingController, 'show']).use([follows(), viewShipment])
    router.get('/tms/alert-rules', [AlertRulesController, 'index']).use(follows())
    router.post('/tms/alert-rules', [AlertRulesController, 'store']).use(changes())
    router
      .delete('/tms/alert-rules/:id', [AlertRulesController, 'destroy'])
      .where('id', router.matchers.number())
      .use([changes(), middleware.authorize({ policy: AlertRulePolicy, action: 'manage' })])
    router.get('/tms/notifications', [AlertRulesController, 'notifications']).use(follows())
  })
  .prefix('/api')

router.post('/api/tms/feeds/:provider', [TrackingController, 'push']).use([
  // Verified on its exact bytes: no session, no CSRF token, the body read raw.
  middleware.needs({ stateless: true, rawBody: true }),
  middleware.scope({
    kind: 'public',
    reason: 'a partner’s push, signed with its provider’s secret; no user and no record',
  }),
])
