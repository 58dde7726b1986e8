import { LRUCache } from 'lru-cache'
import cookieModule from 'cookie'
import { CookieClient, Response } from '@adonisjs/core/http'

/**
 * Signing a cookie and checking a signature are pure functions of the cookie's name, its
 * value, its options and the app key, yet the framework recomputes an HMAC for the session
 * cookie twice on every signed-in request (checking the one sent, signing and serialising the
 * one sent back). Both answers are remembered here, for string values only (never a shared
 * object). A tampered cookie still fails: only strings whose signature was checked once are
 * remembered. The app signs with one key (APP_KEY), so the rest is all an answer depends on.
 */
const setCookieHeaders = new LRUCache<string, string>({ max: 10_000 })
const checkedValues = new LRUCache<string, string>({ max: 10_000 })

/**
 * The options as text, made once per options object: the session passes its configuration's
 * cookie object on every request. Nothing changes an options object once it is passed (the
 * framework copies it before use), so its text stays true.
 */
const textOfOptions = new WeakMap<object, string>()
function optionsText(options: unknown) {
  if (!options || typeof options !== 'object') return JSON.stringify(options ?? null)
  let text = textOfOptions.get(options)
  if (text === undefined) {
    text = JSON.stringify(options)
    textOfOptions.set(options, text)
  }
  return text
}

const cookie = Response.prototype.cookie
const unsign = CookieClient.prototype.unsign

Response.prototype.cookie = function (this: Response, key: string, value: any, options?: any) {
  // An `expires` computed per call is not a pure input; the config's cookie defaults are fixed.
  if (typeof value !== 'string' || options?.expires) return cookie.call(this, key, value, options)
  const memo = `${key}\u0000${value}\u0000${optionsText(options)}`
  const known = setCookieHeaders.get(memo)
  if (known !== undefined) return this.append('set-cookie', known)
  cookie.call(this, key, value, options)
  const headers = this.getHeader('set-cookie')
  const header = Array.isArray(headers) ? headers[headers.length - 1] : headers
  if (typeof header === 'string' && header.startsWith(`${key}=`)) setCookieHeaders.set(memo, header)
  return this
}

CookieClient.prototype.unsign = function (key: string, signedValue: string) {
  const memo = `${key}\u0000${signedValue}`
  const known = checkedValues.get(memo)
  if (known !== undefined) return known
  const value = unsign.call(this, key, signedValue)
  if (typeof value === 'string') checkedValues.set(memo, value)
  return value
}

/*
 * The Cookie header itself is parsed once per distinct header, not once per request: a browser
 * sends the same header on every request until a cookie changes, and parsing it (URL-decoding
 * each value) was about 2% of a signed-in read. The parsed pairs are frozen, since every
 * request with that header shares them; AdonisJS's cookie parser only reads them.
 */
type Parsed = ReturnType<typeof cookieModule.parse>
const parsedHeaders = new LRUCache<string, Parsed>({ max: 10_000 })
const parse = cookieModule.parse
cookieModule.parse = ((header: string, options?: Parameters<typeof parse>[1]) => {
  if (options !== undefined || typeof header !== 'string') return parse(header, options)
  let parsed = parsedHeaders.get(header)
  if (parsed === undefined) {
    parsed = Object.freeze(parse(header))
    parsedHeaders.set(header, parsed)
  }
  return parsed
}) as typeof parse
