/**
 * The vetting checks, pure: a carrier as we know it, its census record (or none) and the
 * business day in, one result per check out, each with a reason a person can act on.
 * Thresholds are docs/decisions/0090.
 */
import { DateTime } from 'luxon'
import type { CensusRecord } from '#plugins/carrier_vetting/main'

/** A new operating authority younger than this is refused (new authorities are a fraud pattern). */
export const AUTHORITY_MIN_AGE_DAYS = 90
/** FMCSA requires the MCS-150 every two years: an older one is outdated. */
export const MCS150_MAX_AGE_MONTHS = 24
/** The federal minimum BIPD liability cover for general freight (49 CFR 387.9): $750,000. */
export const MIN_LIABILITY_CENTS = 750_000_00

export type CheckResult = 'pass' | 'warn' | 'fail'

export type CheckKey =
  | 'dot_allowed'
  | 'authority_age'
  | 'liability_insurance'
  | 'out_of_service'
  | 'mcs150'
  | 'contact_match'
  | 'insurance_certificate'

export type VettingCheck = { key: CheckKey; label: string; result: CheckResult; reason: string }

/** The carrier as the platform knows it. */
export type VettingSubject = {
  dotNumber: string | null
  phone: string | null
  email: string | null
  /** an insurance certificate was uploaded */
  hasInsuranceCertificate: boolean
  /** the certificate's expiry, `YYYY-MM-DD` */
  insuranceExpiresOn: string | null
}

export type CensusAnswer = { found: true; record: CensusRecord } | { found: false }

export const CHECK_LABELS: Record<CheckKey, string> = {
  dot_allowed: 'USDOT number active and allowed to operate',
  authority_age: `Operating authority active for at least ${AUTHORITY_MIN_AGE_DAYS} days`,
  liability_insurance: 'Liability insurance on file of at least $750,000',
  out_of_service: 'No out-of-service order',
  mcs150: `MCS-150 updated within ${MCS150_MAX_AGE_MONTHS} months`,
  contact_match: 'Phone and e-mail match the census',
  insurance_certificate: 'Insurance certificate uploaded and not expired',
}

const check = (key: CheckKey, result: CheckResult, reason: string): VettingCheck => ({
  key,
  label: CHECK_LABELS[key],
  result,
  reason,
})

const day = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })

const dollars = (cents: number) =>
  `$${Math.round(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 0 })}`

/** Digits of a US phone number, without the country code: `+1 (312) 555-0100` is `3125550100`. */
export function normalisePhone(phone: string | null): string | null {
  if (!phone) return null
  const digits = phone.replace(/\D/g, '')
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  return national === '' ? null : national
}

export function normaliseEmail(email: string | null): string | null {
  const trimmed = email?.trim().toLowerCase()
  return trimmed ? trimmed : null
}

function dotCheck(subject: VettingSubject, census: CensusAnswer): VettingCheck {
  if (!subject.dotNumber) {
    return check('dot_allowed', 'fail', 'The company profile has no USDOT number')
  }
  if (!census.found) {
    return check('dot_allowed', 'fail', `USDOT ${subject.dotNumber} is not in the FMCSA census`)
  }
  const r = census.record
  if (!r.allowedToOperate) {
    return check('dot_allowed', 'fail', `FMCSA does not allow USDOT ${r.dotNumber} to operate`)
  }
  if (r.operatingStatus === 'inactive') {
    return check('dot_allowed', 'fail', `USDOT ${r.dotNumber} is inactive in the census`)
  }
  return check(
    'dot_allowed',
    'pass',
    `USDOT ${r.dotNumber} (${r.legalName || 'no legal name'}) is allowed to operate`
  )
}

function authorityCheck(r: CensusRecord, today: string): VettingCheck {
  if (r.authorityStatus !== 'active') {
    return check('authority_age', 'fail', `Operating authority is ${r.authorityStatus}`)
  }
  if (!r.authorityGrantedOn) {
    return check('authority_age', 'warn', 'Authority is active; the source gives no grant date')
  }
  const age = Math.floor(day(today).diff(day(r.authorityGrantedOn), 'days').days)
  if (age < AUTHORITY_MIN_AGE_DAYS) {
    return check(
      'authority_age',
      'fail',
      `Authority granted ${r.authorityGrantedOn}, ${Math.max(age, 0)} days ago: under ${AUTHORITY_MIN_AGE_DAYS} days`
    )
  }
  return check('authority_age', 'pass', `Authority active since ${r.authorityGrantedOn}`)
}

function liabilityCheck(r: CensusRecord): VettingCheck {
  const minimum = Math.max(MIN_LIABILITY_CENTS, r.liabilityInsuranceRequiredCents ?? 0)
  const onFile = r.liabilityInsuranceOnFileCents
  if (onFile === null || onFile === 0) {
    return check('liability_insurance', 'fail', 'No liability insurance on file with FMCSA')
  }
  if (onFile < minimum) {
    return check(
      'liability_insurance',
      'fail',
      `${dollars(onFile)} on file, below the ${dollars(minimum)} minimum`
    )
  }
  return check('liability_insurance', 'pass', `${dollars(onFile)} on file`)
}

function outOfServiceCheck(r: CensusRecord): VettingCheck {
  return r.outOfServiceOn
    ? check('out_of_service', 'fail', `Out-of-service order dated ${r.outOfServiceOn}`)
    : check('out_of_service', 'pass', 'No out-of-service order on record')
}

function mcs150Check(r: CensusRecord, today: string): VettingCheck {
  if (r.mcs150Date) {
    const due = day(r.mcs150Date).plus({ months: MCS150_MAX_AGE_MONTHS }).toISODate()!
    return due < today
      ? check('mcs150', 'fail', `Last MCS-150 ${r.mcs150Date}: the biennial update was due ${due}`)
      : check('mcs150', 'pass', `Last MCS-150 ${r.mcs150Date}, next due ${due}`)
  }
  if (r.mcs150Outdated === true) return check('mcs150', 'fail', 'FMCSA flags the MCS-150 outdated')
  if (r.mcs150Outdated === false)
    return check('mcs150', 'pass', 'FMCSA reports the MCS-150 current')
  return check('mcs150', 'warn', 'The source gives no MCS-150 date')
}

function contactCheck(subject: VettingSubject, r: CensusRecord): VettingCheck {
  const pairs = [
    ['phone', normalisePhone(subject.phone), normalisePhone(r.phone)],
    ['e-mail', normaliseEmail(subject.email), normaliseEmail(r.email)],
  ] as const
  const compared = pairs.filter(([, ours, theirs]) => ours !== null && theirs !== null)
  const differing = compared.filter(([, ours, theirs]) => ours !== theirs).map(([name]) => name)
  if (differing.length > 0) {
    return check(
      'contact_match',
      'fail',
      `The registered ${differing.join(' and ')} ${differing.length > 1 ? 'differ' : 'differs'} from the census`
    )
  }
  if (compared.length === 0) {
    return check('contact_match', 'warn', 'The census has no phone or e-mail to compare')
  }
  return check(
    'contact_match',
    'pass',
    `The registered ${compared.map(([name]) => name).join(' and ')} ${compared.length > 1 ? 'match' : 'matches'} the census`
  )
}

function certificateCheck(subject: VettingSubject, today: string): VettingCheck {
  if (!subject.hasInsuranceCertificate || !subject.insuranceExpiresOn) {
    return check('insurance_certificate', 'warn', 'No insurance certificate uploaded')
  }
  if (subject.insuranceExpiresOn < today) {
    return check(
      'insurance_certificate',
      'fail',
      `The insurance certificate expired on ${subject.insuranceExpiresOn}`
    )
  }
  return check(
    'insurance_certificate',
    'pass',
    `Certificate on file, valid through ${subject.insuranceExpiresOn}`
  )
}

/** Every check, in the order the admin reads them. `today` is the business day. */
export function runChecks(
  subject: VettingSubject,
  census: CensusAnswer,
  today: string
): VettingCheck[] {
  const checks = [dotCheck(subject, census)]
  if (census.found && subject.dotNumber) {
    const r = census.record
    checks.push(
      authorityCheck(r, today),
      liabilityCheck(r),
      outOfServiceCheck(r),
      mcs150Check(r, today),
      contactCheck(subject, r)
    )
  }
  checks.push(certificateCheck(subject, today))
  return checks
}

/** Fail when any check fails, warn when any warns, else pass. */
export function overallResult(checks: VettingCheck[]): CheckResult {
  if (checks.some((c) => c.result === 'fail')) return 'fail'
  if (checks.some((c) => c.result === 'warn')) return 'warn'
  return 'pass'
}

/**
 * What the public "Verified" badge needs: nothing failing, and an insurance certificate that
 * has not expired (a missing certificate leaves the carrier able to haul, but not verified).
 */
export function isVerified(checks: VettingCheck[], subject: VettingSubject, today: string) {
  return (
    overallResult(checks) !== 'fail' &&
    subject.hasInsuranceCertificate &&
    subject.insuranceExpiresOn !== null &&
    subject.insuranceExpiresOn >= today
  )
}

/** An out-of-service order in force: the revet suspends the carrier (docs/decisions/0092). */
export function hasOutOfServiceOrder(checks: VettingCheck[]) {
  return checks.some((c) => c.key === 'out_of_service' && c.result === 'fail')
}
