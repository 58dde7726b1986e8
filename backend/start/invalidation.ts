/*
 * The invalidation bus over Redis (docs/decisions/0148) when the deployment uses Redis: every
 * process publishes its cache evictions on one channel, and web processes listen, so a logout,
 * a revoked token, a changed user or a board change on one instance is forgotten by all. Without
 * Redis the bus stays in the process (one instance needs nothing more).
 */
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import redis from '@adonisjs/redis/services/main'
import { deploymentUsesRedis, invalidationBus } from '#core/invalidation_bus'

if (deploymentUsesRedis()) {
  const connection = redis.connection('main')
  try {
    await invalidationBus.connect(
      {
        publish: (channel, message) => connection.publish(channel, message),
        subscribe: (channel, onMessage) =>
          new Promise<void>((resolve, reject) =>
            connection.subscribe(channel, onMessage, {
              onSubscription: () => resolve(),
              onError: reject,
            })
          ),
      },
      { listen: app.getEnvironment() === 'web' }
    )
  } catch (error) {
    // Readiness reports Redis down; meanwhile each cache's time bound still holds.
    logger.error({ err: error }, 'invalidation bus: no Redis subscription, caches use time bounds')
  }
}
