/**
 * The main time zone of each US state, so a pickup window reads 09:00-17:00 where the freight
 * is. States split between zones take the zone most of their freight is in (Indianapolis,
 * Louisville, Nashville, Boise, El Paso aside).
 */
const ZONES: Record<string, string[]> = {
  'America/New_York': [
    'CT',
    'DC',
    'DE',
    'FL',
    'GA',
    'KY',
    'MA',
    'MD',
    'ME',
    'MI',
    'NC',
    'NH',
    'NJ',
    'NY',
    'OH',
    'PA',
    'RI',
    'SC',
    'VA',
    'VT',
    'WV',
  ],
  'America/Indiana/Indianapolis': ['IN'],
  'America/Chicago': [
    'AL',
    'AR',
    'IA',
    'IL',
    'KS',
    'LA',
    'MN',
    'MO',
    'MS',
    'ND',
    'NE',
    'OK',
    'SD',
    'TN',
    'TX',
    'WI',
  ],
  'America/Denver': ['CO', 'ID', 'MT', 'NM', 'UT', 'WY'],
  'America/Phoenix': ['AZ'],
  'America/Los_Angeles': ['CA', 'NV', 'OR', 'WA'],
  'America/Anchorage': ['AK'],
  'Pacific/Honolulu': ['HI'],
}

const BY_STATE = new Map(
  Object.entries(ZONES).flatMap(([zone, states]) => states.map((state) => [state, zone]))
)

/** The IANA zone of a two-letter state code; null for anything else. */
export function timeZoneOf(state: string): string | null {
  return BY_STATE.get(state.toUpperCase()) ?? null
}
