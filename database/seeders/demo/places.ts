/** The demo's cities (business districts), for lanes and bookings. */
export type City = { city: string; state: string; zip: string; lat: number; lng: number }

export const CITIES = {
  chicago: { city: 'Chicago', state: 'IL', zip: '60601', lat: 41.8781, lng: -87.6298 },
  detroit: { city: 'Detroit', state: 'MI', zip: '48201', lat: 42.3314, lng: -83.0458 },
  indianapolis: { city: 'Indianapolis', state: 'IN', zip: '46204', lat: 39.7684, lng: -86.1581 },
  milwaukee: { city: 'Milwaukee', state: 'WI', zip: '53202', lat: 43.0389, lng: -87.9065 },
  columbus: { city: 'Columbus', state: 'OH', zip: '43215', lat: 39.9612, lng: -82.9988 },
  dallas: { city: 'Dallas', state: 'TX', zip: '75201', lat: 32.7767, lng: -96.797 },
  houston: { city: 'Houston', state: 'TX', zip: '77002', lat: 29.7604, lng: -95.3698 },
  sanAntonio: { city: 'San Antonio', state: 'TX', zip: '78205', lat: 29.4241, lng: -98.4936 },
  oklahomaCity: { city: 'Oklahoma City', state: 'OK', zip: '73102', lat: 35.4676, lng: -97.5164 },
  fortWorth: { city: 'Fort Worth', state: 'TX', zip: '76102', lat: 32.7555, lng: -97.3308 },
  austin: { city: 'Austin', state: 'TX', zip: '78701', lat: 30.2672, lng: -97.7431 },
  atlanta: { city: 'Atlanta', state: 'GA', zip: '30303', lat: 33.749, lng: -84.388 },
  charlotte: { city: 'Charlotte', state: 'NC', zip: '28202', lat: 35.2271, lng: -80.8431 },
  jacksonville: { city: 'Jacksonville', state: 'FL', zip: '32202', lat: 30.3322, lng: -81.6557 },
  memphis: { city: 'Memphis', state: 'TN', zip: '38103', lat: 35.1495, lng: -90.049 },
  nashville: { city: 'Nashville', state: 'TN', zip: '37201', lat: 36.1627, lng: -86.7816 },
  losAngeles: { city: 'Los Angeles', state: 'CA', zip: '90012', lat: 34.0522, lng: -118.2437 },
  phoenix: { city: 'Phoenix', state: 'AZ', zip: '85004', lat: 33.4484, lng: -112.074 },
  lasVegas: { city: 'Las Vegas', state: 'NV', zip: '89101', lat: 36.1699, lng: -115.1398 },
} satisfies Record<string, City>

export type CityKey = keyof typeof CITIES

export function cityAddress(c: City): string {
  return `${c.city}, ${c.state} ${c.zip}`
}

export const cityPoint = (c: City) => ({ latitude: c.lat, longitude: c.lng })
