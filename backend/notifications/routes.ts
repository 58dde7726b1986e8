/*
 * The notification centre (issue 36, docs/decisions/0241, 0242): every signed-in user reads
 * its own notifications (a company's members its account user's), marks them read and chooses
 * per kind where they go. The mails' one-click unsubscribe link needs no session: its signed
 * token is the credential, and a mail provider POSTs it without cookies or a CSRF token.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const NotificationsController = () => import('#notifications/controllers/notifications_controller')
const PushSubscriptionsController = () =>
  import('#notifications/controllers/push_subscriptions_controller')
const NotificationPolicy = () => import('#notifications/policies/notification_policy')

const own = middleware.scope({
  kind: 'self',
  reason: "only ever the signed-in user's own notifications and preferences",
})

router
  .group(() => {
    router.get('/notifications', [NotificationsController, 'index']).use(own)
    router.post('/notifications/read-all', [NotificationsController, 'readAll']).use(own)
    router
      .post('/notifications/:id/read', [NotificationsController, 'read'])
      .where('id', router.matchers.number())
      .use(middleware.authorize({ policy: NotificationPolicy, action: 'own' }))
    router.get('/notification-preferences', [NotificationsController, 'preferences']).use(own)
    router.put('/notification-preferences', [NotificationsController, 'updatePreferences']).use(own)
    // Web push (decision 0253): the key to subscribe with, this company's browsers.
    router.get('/push-subscriptions/key', [PushSubscriptionsController, 'key']).use(own)
    router.post('/push-subscriptions', [PushSubscriptionsController, 'store']).use(own)
    router.delete('/push-subscriptions', [PushSubscriptionsController, 'destroy']).use(own)
  })
  .prefix('/api')
  .use(middleware.auth())

router.post('/api/notifications/unsubscribe/:token', [NotificationsController, 'unsubscribe']).use([
  middleware.needs({ stateless: true }),
  middleware.scope({
    kind: 'public',
    reason:
      'the signed unsubscribe token is the credential: whoever holds the mailed link may turn that mail off',
  }),
])
