/*
 * Cross-module event listeners. Modules emit domain events (see each module's events.ts) and
 * register their listeners in <module>/listeners/*.ts, loaded here.
 */
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'

emitter.onError((event, error) => {
  // A failing listener must never fail the request that emitted the event.
  logger.error({ err: error, event: String(event) }, 'event listener failed')
})

await import('#marketplace/listeners/invoicing')
await import('#marketplace/listeners/capacity')
await import('#marketplace/listeners/cancellation_mail')
await import('#payments/listeners/payments')
await import('#accounts/listeners/approval_mail')
await import('#accounts/listeners/standing_mail')
await import('#freight_board/listeners/reopen_load')
await import('#freight_board/listeners/live_board')
await import('#tms/listeners/documents')
await import('#tms/listeners/status_milestones')
await import('#trust/listeners/vetting')
await import('#reviews/listeners/delivery_record')
await import('#freight_board/listeners/ratings')
await import('#freight_board/listeners/suspended_carrier')
await import('#marketplace/listeners/live_notices')
await import('#freight_board/listeners/live_notices')
await import('#freight_board/listeners/offers')
await import('#accounts/listeners/live_notices')
await import('#trust/listeners/live_notices')
await import('#logistics/listeners/live_notices')
await import('#payments/listeners/live_notices')
await import('#messages/listeners/thread_notices')
await import('#alerts/listeners/matching')
await import('#notifications/listeners/notify')
