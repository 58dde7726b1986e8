import type { GeocodingDriver, GeocodeResult, Place } from '../types.js'

/** Answers from a fixed table; anything else is not found. For tests. */
export class FakeGeocodingDriver implements GeocodingDriver {
  calls: string[] = []
  constructor(private places: Record<string, Place> = {}) {}

  async geocode(address: string): Promise<GeocodeResult> {
    this.calls.push(address)
    const place = this.places[address.trim()]
    return place
      ? { ok: true, place }
      : { ok: false, reason: 'not_found', message: `We could not find "${address}"` }
  }
}
