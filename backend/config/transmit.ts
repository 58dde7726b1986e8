import env from '#start/env'
import { defineConfig } from '@adonisjs/transmit'
// The bus package's own entry: @adonisjs/transmit/transports also loads the MQTT transport,
// whose `mqtt` package the bus does not install (docs/decisions/0198).
import { redis } from '@boringnode/bus/transports/redis'
import {
  TRANSMIT_CONNECTION,
  redisChannel,
  redisKeyPrefix,
  redisServer,
} from '#core/redis_resilience'

/**
 * Transmit over Redis for a deployment whose keys and channels start with `prefix`: the
 * broadcast channel carries the prefix (pub/sub ignores ioredis's keyPrefix), so two
 * deployments on one Redis never receive each other's live messages, and its connections
 * reconnect for ever (docs/decisions/0160).
 */
export function transmitRedisTransport(prefix = redisKeyPrefix(), server = redisServer()) {
  return {
    driver: redis({ ...server, keyPrefix: `${prefix}transmit:`, ...TRANSMIT_CONNECTION }),
    channel: redisChannel('transmit::broadcast', prefix),
  }
}

/**
 * Live updates over server-sent events. One instance needs no transport (memory: broadcasts
 * reach this process's streams); with several instances set TRANSMIT_TRANSPORT=redis so a
 * broadcast on one reaches the streams of all (docs/operations.md, "Live updates").
 */
export default defineConfig({
  pingInterval: '25s',
  transport: env.get('TRANSMIT_TRANSPORT') === 'redis' ? transmitRedisTransport() : null,
})
