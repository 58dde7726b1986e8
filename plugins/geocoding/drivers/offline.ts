import { createRequire } from 'node:module'
import type { GeocodingDriver, GeocodeResult, Place } from '../types.js'

type ZipRecord = { zip: string; latitude: number; longitude: number; city: string; state: string }
type ZipcodesModule = {
  lookup(zip: string): ZipRecord | undefined
  lookupByName(city: string, state: string): ZipRecord[]
  states: { normalize(state: string): string | undefined; abbr: Record<string, string> }
}

const HINT = 'Enter a ZIP code, "City, ST", or a street address with city, state and ZIP'

const ABBREVIATIONS: [RegExp, string][] = [
  [/^st\.?\s+/i, 'Saint '],
  [/^ft\.?\s+/i, 'Fort '],
  [/^mt\.?\s+/i, 'Mount '],
]

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())

/**
 * Places US addresses offline from ZIP centroids (42k ZIPs). Accepts a ZIP ("48201"),
 * "City, ST" ("Chicago, IL", "Chicago, Illinois"), or a street address ending in city, state
 * and ZIP ("100 Main St, Chicago, IL 60601"), where the ZIP places the point. A city is
 * placed at the median of its ZIP centroids.
 */
export class OfflineGeocodingDriver implements GeocodingDriver {
  private zipcodes: ZipcodesModule

  constructor() {
    this.zipcodes = createRequire(import.meta.url)('zipcodes') as ZipcodesModule
  }

  async geocode(input: string): Promise<GeocodeResult> {
    const address = (input ?? '').trim().replace(/\s+/g, ' ')
    if (!address) return { ok: false, reason: 'empty', message: 'Address is empty' }

    const zipOnly = address.match(/^(\d{5})(?:-\d{4})?$/)
    if (zipOnly) return this.byZip(zipOnly[1])

    const parts = address
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
    if (parts.length < 2)
      return {
        ok: false,
        reason: 'unrecognized',
        message: `"${address}" is not an address we can place. ${HINT}`,
      }

    // The last part is "ST", "ST 12345", "State Name" or "State Name 12345".
    const tail = parts[parts.length - 1].match(/^([A-Za-z .]+?)\s*(\d{5}(?:-\d{4})?)?$/)
    if (!tail)
      return {
        ok: false,
        reason: 'unrecognized',
        message: `"${address}" is not an address we can place. ${HINT}`,
      }
    const state = this.normalizeState(tail[1])
    if (!state) return { ok: false, reason: 'not_found', message: `"${tail[1]}" is not a US state` }
    const zip = tail[2]?.slice(0, 5)
    const city = parts[parts.length - 2]

    if (zip) {
      const result = this.byZip(zip)
      if (!result.ok) return result
      if (result.place.state !== state) {
        return {
          ok: false,
          reason: 'mismatch',
          message: `ZIP code ${zip} is in ${result.place.state}, not ${state}`,
        }
      }
      return result
    }
    if (parts.length > 2) {
      return {
        ok: false,
        reason: 'unrecognized',
        message: `A street address needs a ZIP code. ${HINT}`,
      }
    }
    return this.byCity(city, state)
  }

  private normalizeState(raw: string): string | undefined {
    const value = raw.replace(/\./g, '').trim().toUpperCase()
    if (value.length === 2) return this.zipcodes.states.abbr[value] ? value : undefined
    return this.zipcodes.states.normalize(value)
  }

  private byZip(zip: string): GeocodeResult {
    const record = this.zipcodes.lookup(zip)
    if (!record) return { ok: false, reason: 'not_found', message: `ZIP code ${zip} was not found` }
    const place: Place = {
      latitude: record.latitude,
      longitude: record.longitude,
      city: titleCase(record.city),
      state: record.state,
      zip: record.zip,
      precision: 'zip',
      label: `${titleCase(record.city)}, ${record.state} ${record.zip}`,
    }
    return { ok: true, place }
  }

  private byCity(rawCity: string, state: string): GeocodeResult {
    const variants = [
      rawCity,
      ...ABBREVIATIONS.filter(([re]) => re.test(rawCity)).map(([re, full]) =>
        rawCity.replace(re, full)
      ),
    ]
    for (const city of variants) {
      const records = this.zipcodes.lookupByName(city, state)
      if (records.length === 0) continue
      const name = titleCase(records[0].city)
      return {
        ok: true,
        place: {
          latitude: Math.round(median(records.map((r) => r.latitude)) * 1e6) / 1e6,
          longitude: Math.round(median(records.map((r) => r.longitude)) * 1e6) / 1e6,
          city: name,
          state,
          zip: null,
          precision: 'city',
          label: `${name}, ${state}`,
        },
      }
    }
    return { ok: false, reason: 'not_found', message: `City "${rawCity}, ${state}" was not found` }
  }
}
