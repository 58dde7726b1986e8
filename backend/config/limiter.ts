import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE', 'memory'),
  stores: {
    // While Redis is not ready a limit check fails at once instead of waiting for it: the
    // login throttle then counts in this process's memory, other limits answer 503 (0160).
    redis: stores.redis({ connectionName: 'main', rejectIfRedisNotReady: true }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
