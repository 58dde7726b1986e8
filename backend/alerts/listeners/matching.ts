/*
 * A posting is matched against the saved lanes and searches after its commit (docs/decisions/
 * 0239): a load posted on the freight board, or back on it after its booking was cancelled
 * (0252), a capacity listing a carrier published.
 */
import emitter from '@adonisjs/core/services/emitter'
import app from '@adonisjs/core/services/app'

emitter.on('freight:changed', async (change) => {
  if (change.type !== 'posted' && change.type !== 'reopened') return
  const { default: AlertMatcher } = await import('#alerts/services/alert_matcher')
  const matcher = await app.container.make(AlertMatcher)
  await matcher.matchLoad(change.id)
})

emitter.on('capacity:published', async ({ listingId }) => {
  const { default: AlertMatcher } = await import('#alerts/services/alert_matcher')
  const matcher = await app.container.make(AlertMatcher)
  await matcher.matchListing(listingId)
})
