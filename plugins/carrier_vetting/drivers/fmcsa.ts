import type { CarrierVettingDriver, LookupResult } from '../types.js'
import { normaliseDot, parseQcMobileCarrier } from './census_mapper.js'

export const QCMOBILE_BASE_URL = 'https://mobile.fmcsa.dot.gov/qc/services'

export type FmcsaOptions = {
  /** the QCMobile web key (FMCSA_WEB_KEY) */
  webKey: string | undefined
  /** QCMobile's services root; tests point it at a local stand-in */
  baseUrl?: string
  /** a vetting waits on this call at dispatch: five seconds, then the source is unavailable */
  timeoutMs?: number
}

/**
 * The QCMobile API: `GET {baseUrl}/carriers/{dot}?webKey=...`. Transport only (HTTP, the key,
 * the deadline); the answer is parsed by the pure census mapper.
 */
export function createFmcsaDriver(options: FmcsaOptions): CarrierVettingDriver {
  const baseUrl = (options.baseUrl ?? QCMOBILE_BASE_URL).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 5000
  return {
    name: 'fmcsa',
    async lookup(dotNumber: string): Promise<LookupResult> {
      const dot = normaliseDot(dotNumber)
      if (!dot) return { ok: false, code: 'invalid_dot', message: 'Not a USDOT number' }
      if (!options.webKey) {
        return { ok: false, code: 'unauthorized', message: 'FMCSA_WEB_KEY is not set' }
      }
      const url = `${baseUrl}/carriers/${dot}?webKey=${encodeURIComponent(options.webKey)}`
      let response: Response
      let body: unknown
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        })
        const text = await response.text()
        body = text === '' ? null : JSON.parse(text)
      } catch (error) {
        return {
          ok: false,
          code: 'unavailable',
          message: `QCMobile did not answer: ${(error as Error).message}`,
        }
      }
      if (response.status === 401 || response.status === 403) {
        return { ok: false, code: 'unauthorized', message: 'QCMobile refused the web key' }
      }
      if (response.status === 404) return { ok: true, found: false, dotNumber: dot }
      if (!response.ok) {
        return { ok: false, code: 'unavailable', message: `QCMobile answered ${response.status}` }
      }
      const parsed = parseQcMobileCarrier(body)
      if ('malformed' in parsed) {
        return { ok: false, code: 'unavailable', message: 'QCMobile sent an unexpected answer' }
      }
      return parsed.found
        ? { ok: true, found: true, record: parsed.record }
        : { ok: true, found: false, dotNumber: dot }
    },
  }
}
