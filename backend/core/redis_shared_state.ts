import redis from '@adonisjs/redis/services/main'

/**
 * A small key-value store in Redis under `prefix`, shared by every instance of a deployment:
 * what a component that would otherwise keep state in process memory uses when the deployment
 * has Redis (the simulated demo partner carrier, decision 0148). Entries end after `ttlSeconds`.
 */
export function redisSharedState(prefix: string, ttlSeconds: number) {
  const connection = () => redis.connection('main')
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
