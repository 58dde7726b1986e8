/*
 * A booking's message thread (docs/decisions/0230): its shipper and its carrier write, edit
 * for 5 minutes and mark read; admins read a disputed booking's thread (decision 0231).
 * Writing is throttled per user (429 with Retry-After).
 */
import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'
import { bookingIdMatcher } from '#core/reference'
import { middleware } from '#start/kernel'
import { MESSAGES_PER_MINUTE } from '#messages/message_rules'

const BookingMessagesController = () => import('#messages/controllers/booking_messages_controller')
const MessagePolicy = () => import('#messages/policies/message_policy')
const BookingBundleController = () => import('#messages/controllers/booking_bundle_controller')
const messageId = router.matchers.number()

const read = middleware.authorize({ policy: MessagePolicy, action: 'read' })
const write = middleware.authorize({ policy: MessagePolicy, action: 'write' })
const parties = middleware.role({ roles: ['shipper', 'carrier'] })
const partiesAndAdmins = middleware.role({ roles: ['shipper', 'carrier', 'admin'] })

/** One user's writes to any thread: sent, attached or edited. */
const throttle = limiter.define('booking_messages', (ctx) =>
  limiter
    .allowRequests(MESSAGES_PER_MINUTE)
    .every('1 minute')
    .usingKey(`booking_messages_${ctx.auth.user?.id ?? ctx.request.ip()}`)
)

router
  .group(() => {
    router
      .get('/bookings/:id/messages', [BookingMessagesController, 'index'])
      .where('id', bookingIdMatcher)
      .use([partiesAndAdmins, read])
    router
      .post('/bookings/:id/messages', [BookingMessagesController, 'store'])
      .where('id', bookingIdMatcher)
      .use([parties, write, throttle])
    router
      .post('/bookings/:id/messages/attachments', [BookingMessagesController, 'attach'])
      .where('id', bookingIdMatcher)
      .use([middleware.needs({ upload: true }), parties, write, throttle])
    router
      .post('/bookings/:id/messages/read', [BookingMessagesController, 'read'])
      .where('id', bookingIdMatcher)
      .use([parties, write])
    router
      .patch('/bookings/:id/messages/:messageId', [BookingMessagesController, 'update'])
      .where('id', bookingIdMatcher)
      .where('messageId', messageId)
      .use([parties, write, throttle])
    router
      .get('/bookings/:id/messages/:messageId/attachment', [BookingMessagesController, 'download'])
      .where('id', bookingIdMatcher)
      .where('messageId', messageId)
      .use([partiesAndAdmins, read])
    // The booking's document bundle, a ZIP of everything on it (docs/decisions/0250).
    router
      .get('/bookings/:id/bundle', [BookingBundleController, 'download'])
      .where('id', bookingIdMatcher)
      .use([partiesAndAdmins, middleware.authorize({ policy: MessagePolicy, action: 'bundle' })])
  })
  .prefix('/api')
  .use(middleware.auth())
