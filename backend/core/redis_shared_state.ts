import redis from '@adonisjs/redis/services/main'
import type { RedisConnection } from '@adonisjs/redis'

/**
 * A small key-value store in Redis under `prefix`, shared by every instance of a deployment:
 * what a component that would otherwise keep state in process memory uses when the deployment
 * has Redis (the simulated demo partner carrier, decision 0148). Entries end after `ttlSeconds`.
 * Keys also carry the connection's REDIS_KEY_PREFIX, so two deployments on one Redis keep
 * separate states (decision 0160); `connection` is the app's `main` unless a test gives one.
 */
export function redisSharedState(
  prefix: string,
  ttlSeconds: number,
  connection: () => RedisConnection = () => redis.connection('main')
) {
  return {
    get: (key: string) => connection().get(`${prefix}${key}`),
    async add(key: string, value: string) {
      return (await connection().set(`${prefix}${key}`, value, 'EX', ttlSeconds, 'NX')) === 'OK'
    },
    async set(key: string, value: string) {
      await connection().set(`${prefix}${key}`, value, 'EX', ttlSeconds)
    },
  }
}
