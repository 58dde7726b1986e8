import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'
import { RESILIENT_CONNECTION, redisKeyPrefix, redisServer } from '#core/redis_resilience'

/**
 * Used when the deployment uses Redis (a `redis` session, limiter or transmit driver, or
 * REDIS_HOST). Its own database index (REDIS_DB) and key prefix (REDIS_KEY_PREFIX, also the
 * prefix of every pub/sub channel) keep deployments sharing one Redis apart; it reconnects for
 * ever and fails commands fast while Redis is away (docs/decisions/0160).
 */
const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      ...redisServer(),
      keyPrefix: redisKeyPrefix(),
      lazyConnect: true,
      ...RESILIENT_CONNECTION,
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
