import env from '#start/env'
import type { HttpRequest } from '@adonisjs/core/http'

/**
 * The origin to put in links a user will follow back to this app (provider return URLs,
 * onboarding pages): `APP_URL` when set, else the origin the request came to, so someone on
 * http://localhost:3333 is not sent to http://127.0.0.1:3333, where their session cookie does
 * not exist. The host is the request's own (X-Forwarded-Host only from TRUSTED_PROXIES), and the
 * link goes back to the same requester, so a forged Host only misleads its sender.
 */
export function publicOrigin(request: HttpRequest): string {
  const configured = env.get('APP_URL')
  if (configured) return configured.replace(/\/$/, '')
  return `${request.protocol()}://${request.host()}`
}

/**
 * The origin of a link sent by mail: `APP_URL` when set, else this server's own address
 * (`HOST`, or localhost for a server on every interface, and `PORT`). Never the request's Host:
 * a mail goes to an address, not back to whoever asked, so a forged Host on "Forgot password?"
 * would send the account's owner a reset link to the forger's site (decision 0216).
 */
export function mailedLinkOrigin(): string {
  const configured = env.get('APP_URL')
  if (configured) return configured.replace(/\/$/, '')
  const host = env.get('HOST')
  const name = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host
  return `http://${name.includes(':') ? `[${name}]` : name}:${env.get('PORT') ?? 3333}`
}
