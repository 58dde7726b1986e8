/*
 * The notification centre hears what the other modules announce after their commits (issue 36,
 * docs/decisions/0241) and turns it into notifications through NotificationSources. Each
 * listener stores and announces; a mail the preferences ask for goes out later from the mail
 * queue, so the request and the live notices never wait on it. Loaded last in
 * backend/start/events.ts: the existing live notices go out first.
 */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import '#payments/payout_events'
import '#notifications/events'

async function sources() {
  const { default: NotificationSources } =
    await import('#notifications/services/notification_sources')
  return app.container.make(NotificationSources)
}

emitter.on('booking:status_changed', async (event) => (await sources()).bookingStatusChanged(event))
emitter.on('freight:offer', async (change) => (await sources()).offerChanged(change))
emitter.on('freight:changed', async (change) => (await sources()).freightChanged(change))
emitter.on('message:changed', async (event) => (await sources()).messageChanged(event))
emitter.on('payouts:changed', async (event) => (await sources()).payoutsChanged(event))
emitter.on('claims:changed', async (event) => (await sources()).claimChanged(event))
emitter.on('account:approved', async ({ userId }) =>
  (await sources()).accountDecided(userId, 'approved')
)
emitter.on('account:rejected', async ({ userId }) =>
  (await sources()).accountDecided(userId, 'rejected')
)
emitter.on('account:suspended', async ({ userId }) =>
  (await sources()).accountDecided(userId, 'suspended')
)
emitter.on('account:reinstated', async ({ userId }) =>
  (await sources()).accountDecided(userId, 'reinstated')
)
emitter.on('alert:matched', async (event) => (await sources()).alertMatched(event))
