/** The geocoding contract: turn what a person typed into a point with city and state. */
export type Place = {
  latitude: number
  longitude: number
  city: string
  state: string
  zip: string | null
  /** how precisely the input was placed */
  precision: 'zip' | 'city'
  /** "Chicago, IL 60601" */
  label: string
}

export type GeocodeFailure = {
  ok: false
  reason: 'empty' | 'unrecognized' | 'not_found' | 'mismatch'
  message: string
}

export type GeocodeResult = { ok: true; place: Place } | GeocodeFailure

export interface GeocodingDriver {
  geocode(address: string): Promise<GeocodeResult>
}
