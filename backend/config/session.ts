import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { thriftyDatabaseStore } from '#core/session_store'
import { failFastRedisSessionStore } from '#core/redis_resilience'

export const SESSION_COOKIE = 'palletline-session'

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: SESSION_COOKIE,
  clearWithBrowser: false,
  age: '7d',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction && env.get('APP_URL', '').startsWith('https://'),
    sameSite: 'lax',
  },
  // Sessions live on the server (the database, or Redis for several instances) so logout
  // really ends them; the cookie store is kept only for explicit opt-in. decisions/0051.
  // While Redis is away a request with a Redis session answers 503 at once (decision 0160).
  store: env.get('SESSION_DRIVER', 'database'),
  stores: {
    database: thriftyDatabaseStore({ tableName: 'sessions' }),
    redis: failFastRedisSessionStore({ connection: 'main' }),
    cookie: stores.cookie(),
  },
})

export default sessionConfig
