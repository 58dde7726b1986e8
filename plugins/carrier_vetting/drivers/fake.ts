import type {
  CarrierVettingDriver,
  CensusRecord,
  LookupResult,
  VettingSourceErrorCode,
} from '../types.js'
import { normaliseDot } from './census_mapper.js'

/**
 * A clean census record for `dotNumber`: active, allowed, authority granted years ago, cover
 * above the minimum, no out-of-service order, a recent MCS-150, and no contact on file (so a
 * contact comparison has nothing to contradict).
 */
export function cleanRecord(dotNumber: string, today = new Date().toISOString().slice(0, 10)) {
  const year = Number(today.slice(0, 4))
  return {
    dotNumber,
    legalName: `Carrier ${dotNumber}`,
    operatingStatus: 'active',
    allowedToOperate: true,
    authorityStatus: 'active',
    authorityGrantedOn: `${year - 5}-01-15`,
    outOfServiceOn: null,
    liabilityInsuranceOnFileCents: 1_000_000_00,
    liabilityInsuranceRequiredCents: 750_000_00,
    mcs150Date: `${year - 1}-01-15`,
    mcs150Outdated: false,
    phone: null,
    email: null,
  } satisfies CensusRecord
}

/**
 * In-memory census for tests: records set by the test, an optional answer for every other
 * number (`fallback`), failures on demand, and every looked-up number recorded.
 */
export class FakeCarrierVetting implements CarrierVettingDriver {
  readonly name = 'fake'
  lookups: string[] = []
  private records = new Map<string, CensusRecord>()
  private failures: VettingSourceErrorCode[] = []
  private missing = new Set<string>()

  constructor(private options: { fallback?: (dotNumber: string) => CensusRecord | null } = {}) {}

  set(record: CensusRecord) {
    this.records.set(record.dotNumber, { ...record })
    this.missing.delete(record.dotNumber)
    return this
  }

  /** The census does not know this number, whatever the fallback says. */
  remove(dotNumber: string) {
    this.records.delete(dotNumber)
    this.missing.add(dotNumber)
    return this
  }

  failNext(code: VettingSourceErrorCode, times = 1) {
    for (let i = 0; i < times; i++) this.failures.push(code)
    return this
  }

  reset() {
    this.records.clear()
    this.missing.clear()
    this.failures = []
    this.lookups = []
  }

  async lookup(dotNumber: string): Promise<LookupResult> {
    const dot = normaliseDot(dotNumber)
    if (!dot) return { ok: false, code: 'invalid_dot', message: 'Not a USDOT number' }
    this.lookups.push(dot)
    const failure = this.failures.shift()
    if (failure) return { ok: false, code: failure, message: `Fake failure: ${failure}` }
    const record = this.missing.has(dot)
      ? null
      : (this.records.get(dot) ?? this.options.fallback?.(dot) ?? null)
    return record
      ? { ok: true, found: true, record: { ...record } }
      : { ok: true, found: false, dotNumber: dot }
  }
}
