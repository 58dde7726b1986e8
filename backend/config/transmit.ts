import env from '#start/env'
import { defineConfig } from '@adonisjs/transmit'
import { redis } from '@adonisjs/transmit/transports'

/**
 * Live updates over server-sent events. One instance needs no transport (memory: broadcasts
 * reach this process's streams); with several instances set TRANSMIT_TRANSPORT=redis so a
 * broadcast on one reaches the streams of all (docs/operations.md, "Live updates").
 */
export default defineConfig({
  pingInterval: '25s',
  transport:
    env.get('TRANSMIT_TRANSPORT') === 'redis'
      ? {
          driver: redis({
            host: env.get('REDIS_HOST', '127.0.0.1'),
            port: env.get('REDIS_PORT', 6379),
            password: env.get('REDIS_PASSWORD', '') || undefined,
            keyPrefix: 'palletline:transmit:',
          }),
        }
      : null,
})
