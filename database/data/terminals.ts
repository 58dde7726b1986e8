/**
 * US container terminals and rail ramps a fresh install knows (docs/decisions/0123): code,
 * name, UN/LOCODE of the port or city, street address, and the steeper demurrage some charge
 * after a few days. Admins add and edit terminals from /admin#terminals.
 */
export type TerminalSeed = {
  code: string
  name: string
  un_locode: string
  address: string
  kind: 'PORT' | 'RAIL'
  demurrage_tiers: string | null
  per_diem_tiers: string | null
}

const tiers = (list: { fromDay: number; perDay: number }[]) => JSON.stringify(list)

export const TERMINALS: TerminalSeed[] = [
  {
    code: 'APMLA',
    name: 'APM Terminals Pier 400, Port of Los Angeles',
    un_locode: 'USLAX',
    address: '2500 Navy Way, San Pedro, CA 90731',
    kind: 'PORT',
    demurrage_tiers: tiers([{ fromDay: 5, perDay: 350 }]),
    per_diem_tiers: null,
  },
  {
    code: 'LBCT',
    name: 'Long Beach Container Terminal, Pier E',
    un_locode: 'USLGB',
    address: '1171 Pier F Ave, Long Beach, CA 90802',
    kind: 'PORT',
    demurrage_tiers: tiers([{ fromDay: 5, perDay: 350 }]),
    per_diem_tiers: null,
  },
  {
    code: 'PNCT',
    name: 'Port Newark Container Terminal',
    un_locode: 'USNYC',
    address: '241 Calcutta St, Newark, NJ 07114',
    kind: 'PORT',
    demurrage_tiers: tiers([{ fromDay: 4, perDay: 300 }]),
    per_diem_tiers: null,
  },
  {
    code: 'MAHER',
    name: 'Maher Terminals, Port Elizabeth',
    un_locode: 'USNYC',
    address: '1210 Corbin St, Elizabeth, NJ 07201',
    kind: 'PORT',
    demurrage_tiers: tiers([{ fromDay: 4, perDay: 300 }]),
    per_diem_tiers: null,
  },
  {
    code: 'GCT',
    name: 'Garden City Terminal, Port of Savannah',
    un_locode: 'USSAV',
    address: '2 Main St, Garden City, GA 31408',
    kind: 'PORT',
    demurrage_tiers: null,
    per_diem_tiers: null,
  },
  {
    code: 'BAYPORT',
    name: 'Bayport Container Terminal, Port Houston',
    un_locode: 'USHOU',
    address: '12619 Port Rd, Pasadena, TX 77507',
    kind: 'PORT',
    demurrage_tiers: null,
    per_diem_tiers: null,
  },
  {
    code: 'HUSKY',
    name: 'Husky Terminal, Port of Tacoma',
    un_locode: 'USTIW',
    address: '1101 Port of Tacoma Rd, Tacoma, WA 98421',
    kind: 'PORT',
    demurrage_tiers: null,
    per_diem_tiers: null,
  },
  {
    code: 'T18',
    name: 'Terminal 18, Port of Seattle',
    un_locode: 'USSEA',
    address: '1050 SW Spokane St, Seattle, WA 98134',
    kind: 'PORT',
    demurrage_tiers: null,
    per_diem_tiers: null,
  },
  {
    code: 'OICT',
    name: 'Oakland International Container Terminal',
    un_locode: 'USOAK',
    address: '1717 Middle Harbor Rd, Oakland, CA 94607',
    kind: 'PORT',
    demurrage_tiers: tiers([{ fromDay: 5, perDay: 300 }]),
    per_diem_tiers: null,
  },
  {
    code: 'WANDO',
    name: 'Wando Welch Terminal, Port of Charleston',
    un_locode: 'USCHS',
    address: '400 Long Point Rd, Mount Pleasant, SC 29464',
    kind: 'PORT',
    demurrage_tiers: null,
    per_diem_tiers: null,
  },
  {
    code: 'NIT',
    name: 'Norfolk International Terminals',
    un_locode: 'USORF',
    address: '7737 Hampton Blvd, Norfolk, VA 23505',
    kind: 'PORT',
    demurrage_tiers: null,
    per_diem_tiers: null,
  },
  {
    code: 'BNSFLPC',
    name: 'BNSF Logistics Park Chicago',
    un_locode: 'USCHI',
    address: '26664 S Baseline Rd, Elwood, IL 60421',
    kind: 'RAIL',
    demurrage_tiers: tiers([{ fromDay: 3, perDay: 250 }]),
    per_diem_tiers: null,
  },
  {
    code: 'UPG2',
    name: 'Union Pacific Global II Intermodal Terminal',
    un_locode: 'USCHI',
    address: '301 W Lake St, Northlake, IL 60164',
    kind: 'RAIL',
    demurrage_tiers: tiers([{ fromDay: 3, perDay: 250 }]),
    per_diem_tiers: null,
  },
]
