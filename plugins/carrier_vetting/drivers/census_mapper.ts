/**
 * The FMCSA census layout, pure: one record as QCMobile's `content.carrier` object spells it
 * (strings `Y`/`N`, status letters, BIPD amounts in thousands of dollars), with the census file's
 * extra fields where QCMobile's carrier object has none (`authorityGrantDate`, `mcs150Date`,
 * `telephone`, `emailAddress`). Both drivers read this layout; neither touches it otherwise.
 */
import type { CensusRecord } from '../types.js'

/** One carrier in the census layout (docs/plugins.md, "carrier_vetting"). */
export type RawCensusCarrier = Record<string, unknown>

/** A USDOT number: 1 to 8 digits. */
export function normaliseDot(value: string): string | null {
  const trimmed = value.trim()
  return /^\d{1,8}$/.test(trimmed) ? String(Number(trimmed)) : null
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const s = String(value).trim()
  return s === '' ? null : s
}

function yesNo(value: unknown): boolean | null {
  const s = text(value)?.toUpperCase()
  if (s === 'Y' || s === 'YES' || s === 'TRUE') return true
  if (s === 'N' || s === 'NO' || s === 'FALSE') return false
  return null
}

/** `YYYY-MM-DD` from `2019-03-04`, `2019-03-04T00:00:00.000+0000` or `03/04/2019`. */
export function censusDate(value: unknown): string | null {
  const s = text(value)
  if (!s) return null
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s)
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s)
  if (us) return `${us[3]}-${us[1]}-${us[2]}`
  return null
}

/** QCMobile reports BIPD cover in thousands of dollars: "750" is $750,000. */
function thousandsToCents(value: unknown): number | null {
  const s = text(value)
  if (s === null || !/^\d+(\.\d+)?$/.test(s)) return null
  return Math.round(Number(s) * 1000 * 100)
}

function operatingStatus(value: unknown): CensusRecord['operatingStatus'] {
  const s = text(value)?.toUpperCase()
  if (s === 'A') return 'active'
  if (s === 'I') return 'inactive'
  return 'unknown'
}

function authorityStatus(value: unknown): CensusRecord['authorityStatus'] {
  const s = text(value)?.toUpperCase()
  if (s === 'A') return 'active'
  if (s === 'I') return 'inactive'
  return 'none'
}

/** The contract's record from one census-layout carrier; null when it has no USDOT number. */
export function mapCensusCarrier(raw: RawCensusCarrier): CensusRecord | null {
  const dot = normaliseDot(text(raw.dotNumber) ?? '')
  if (!dot) return null
  return {
    dotNumber: dot,
    legalName: text(raw.legalName) ?? '',
    operatingStatus: operatingStatus(raw.statusCode),
    allowedToOperate: yesNo(raw.allowedToOperate) ?? false,
    authorityStatus: authorityStatus(raw.commonAuthorityStatus),
    authorityGrantedOn: censusDate(raw.authorityGrantDate),
    outOfServiceOn: censusDate(raw.oosDate),
    liabilityInsuranceOnFileCents: thousandsToCents(raw.bipdInsuranceOnFile),
    liabilityInsuranceRequiredCents: thousandsToCents(raw.bipdRequiredAmount),
    mcs150Date: censusDate(raw.mcs150Date),
    mcs150Outdated: yesNo(raw.mcs150Outdated),
    phone: text(raw.telephone),
    email: text(raw.emailAddress),
  }
}

/**
 * QCMobile's answer to `GET /carriers/{dot}`: `{ content: { carrier } }`, or `content: null`
 * (or an empty list) for a number FMCSA does not know.
 */
export function parseQcMobileCarrier(
  body: unknown
): { found: true; record: CensusRecord } | { found: false } | { malformed: true } {
  if (typeof body !== 'object' || body === null || !('content' in body)) return { malformed: true }
  const content = (body as { content: unknown }).content
  if (content === null || (Array.isArray(content) && content.length === 0)) return { found: false }
  const carrier =
    typeof content === 'object' && content !== null && 'carrier' in content
      ? (content as { carrier: unknown }).carrier
      : null
  if (carrier === null || carrier === undefined) return { found: false }
  if (typeof carrier !== 'object') return { malformed: true }
  const record = mapCensusCarrier(carrier as RawCensusCarrier)
  return record ? { found: true, record } : { malformed: true }
}

/** The census file: `{ "carriers": [ ...census-layout carriers ] }`, indexed by USDOT number. */
export function indexCensusFile(body: unknown): Map<string, CensusRecord> {
  const list =
    typeof body === 'object' && body !== null && Array.isArray((body as any).carriers)
      ? ((body as any).carriers as RawCensusCarrier[])
      : null
  if (!list) throw new Error('A census file is { "carriers": [ ... ] }')
  const index = new Map<string, CensusRecord>()
  for (const raw of list) {
    const record = mapCensusCarrier(raw)
    if (record) index.set(record.dotNumber, record)
  }
  return index
}
