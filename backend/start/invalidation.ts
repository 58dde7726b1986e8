/*
 * The invalidation bus over Redis (docs/decisions/0148) when the deployment uses Redis: every
 * process publishes its cache evictions on one channel, and web processes listen, so a logout,
 * a revoked token, a changed user or a board change on one instance is forgotten by all. Without
 * Redis the bus stays in the process (one instance needs nothing more). Redis may come and go:
 * the connections reconnect for ever, the subscription follows, and the caches are emptied when
 * it is back (decision 0160).
 */
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import redis from '@adonisjs/redis/services/main'
import { connectBusOverRedis, deploymentUsesRedis, invalidationBus } from '#core/invalidation_bus'
import { logRedisOutages } from '#core/redis_resilience'

if (deploymentUsesRedis()) {
  const web = app.getEnvironment() === 'web'
  // One line when Redis goes away and one when it is back, not one per reconnection attempt.
  redis.doNotLogErrors()
  const connection = redis.connection('main')
  logRedisOutages(connection, logger)
  // A web process opens its connection now: the limiter refuses one that is not ready yet.
  if (web && connection.status === 'wait') connection.ioConnection.connect().catch(() => {})
  try {
    await connectBusOverRedis(invalidationBus, connection, { listen: web })
  } catch (error) {
    // Readiness reports Redis down; the subscription is made when Redis comes, and meanwhile
    // each cache's time bound holds.
    logger.error(
      { err: error },
      'invalidation bus: no Redis subscription yet, caches use time bounds'
    )
  }
}
