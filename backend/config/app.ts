import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'
import { trustedProxies } from '#core/trusted_proxies'

export const appKey = new Secret(env.get('APP_KEY'))

export const http = defineConfig({
  // A request id on every request: in every log line and the X-Request-Id header.
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  // X-Forwarded-For is believed only from the proxies named in TRUSTED_PROXIES (none by
  // default), so a client cannot pick its own IP for rate limits and logs.
  trustProxy: trustedProxies(env.get('TRUSTED_PROXIES', '')),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
