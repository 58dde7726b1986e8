import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { cleanRecord, type CensusRecord } from '#plugins/carrier_vetting/main'
import { FixedClock } from '#core/clock'
import { businessToday } from '#core/business_time'
import {
  isVerified,
  normalisePhone,
  overallResult,
  runChecks,
  type VettingSubject,
} from '#trust/services/vetting_checks'

const TODAY = '2026-06-15'

const record = (overrides: Partial<CensusRecord> = {}): CensusRecord => ({
  ...cleanRecord('3184527', TODAY),
  phone: '(312) 555-0148',
  email: 'Carrier@PalletLine.test',
  ...overrides,
})

const subject = (overrides: Partial<VettingSubject> = {}): VettingSubject => ({
  dotNumber: '3184527',
  phone: '312.555.0148',
  email: 'carrier@palletline.test ',
  hasInsuranceCertificate: true,
  insuranceExpiresOn: '2027-01-31',
  ...overrides,
})

const find = (checks: ReturnType<typeof runChecks>, key: string) =>
  checks.find((c) => c.key === key)!

test.group('Vetting checks', () => {
  test('a clean carrier passes every check, each with a reason', ({ assert }) => {
    const checks = runChecks(subject(), { found: true, record: record() }, TODAY)
    assert.deepEqual(
      checks.map((c) => [c.key, c.result]),
      [
        ['dot_allowed', 'pass'],
        ['authority_age', 'pass'],
        ['liability_insurance', 'pass'],
        ['out_of_service', 'pass'],
        ['mcs150', 'pass'],
        ['contact_match', 'pass'],
        ['insurance_certificate', 'pass'],
      ]
    )
    assert.equal(find(checks, 'liability_insurance').reason, '$1,000,000 on file')
    assert.equal(overallResult(checks), 'pass')
    assert.isTrue(isVerified(checks, subject(), TODAY))
  })

  test('no profile DOT, or a DOT the census lacks, fails with only the certificate beside it', ({
    assert,
  }) => {
    const none = runChecks(subject({ dotNumber: null }), { found: false }, TODAY)
    assert.deepEqual(none[0], {
      key: 'dot_allowed',
      label: 'USDOT number active and allowed to operate',
      result: 'fail',
      reason: 'The company profile has no USDOT number',
    })
    const missing = runChecks(subject(), { found: false }, TODAY)
    assert.equal(missing[0].reason, 'USDOT 3184527 is not in the FMCSA census')
    assert.deepEqual(
      missing.map((c) => c.key),
      ['dot_allowed', 'insurance_certificate']
    )
  })

  test('not allowed to operate, or inactive, fails', ({ assert }) => {
    const barred = runChecks(
      subject(),
      { found: true, record: record({ allowedToOperate: false }) },
      TODAY
    )
    assert.deepInclude(find(barred, 'dot_allowed'), {
      result: 'fail',
      reason: 'FMCSA does not allow USDOT 3184527 to operate',
    })
    const inactive = runChecks(
      subject(),
      { found: true, record: record({ operatingStatus: 'inactive' }) },
      TODAY
    )
    assert.equal(find(inactive, 'dot_allowed').result, 'fail')
  })

  test('authority: 89 days old fails, 90 days passes; inactive fails; no date warns', ({
    assert,
  }) => {
    const at = (granted: string) =>
      find(
        runChecks(
          subject(),
          { found: true, record: record({ authorityGrantedOn: granted }) },
          TODAY
        ),
        'authority_age'
      )
    assert.deepInclude(at('2026-03-18'), {
      result: 'fail',
      reason: 'Authority granted 2026-03-18, 89 days ago: under 90 days',
    })
    assert.deepInclude(at('2026-03-17'), {
      result: 'pass',
      reason: 'Authority active since 2026-03-17',
    })
    const inactive = runChecks(
      subject(),
      { found: true, record: record({ authorityStatus: 'inactive' }) },
      TODAY
    )
    assert.deepInclude(find(inactive, 'authority_age'), {
      result: 'fail',
      reason: 'Operating authority is inactive',
    })
    const undated = runChecks(
      subject(),
      { found: true, record: record({ authorityGrantedOn: null }) },
      TODAY
    )
    assert.equal(find(undated, 'authority_age').result, 'warn')
  })

  test('liability: $750,000 passes, a dollar less fails, none fails, a higher requirement counts', ({
    assert,
  }) => {
    const at = (overrides: Partial<CensusRecord>) =>
      find(
        runChecks(subject(), { found: true, record: record(overrides) }, TODAY),
        'liability_insurance'
      )
    assert.equal(at({ liabilityInsuranceOnFileCents: 750_000_00 }).result, 'pass')
    assert.deepInclude(at({ liabilityInsuranceOnFileCents: 749_999_00 }), {
      result: 'fail',
      reason: '$749,999 on file, below the $750,000 minimum',
    })
    assert.deepInclude(at({ liabilityInsuranceOnFileCents: 0 }), {
      result: 'fail',
      reason: 'No liability insurance on file with FMCSA',
    })
    assert.equal(at({ liabilityInsuranceOnFileCents: null }).result, 'fail')
    assert.equal(
      at({
        liabilityInsuranceOnFileCents: 1_000_000_00,
        liabilityInsuranceRequiredCents: 5_000_000_00,
      }).result,
      'fail'
    )
  })

  test('an out-of-service order fails', ({ assert }) => {
    const checks = runChecks(
      subject(),
      { found: true, record: record({ outOfServiceOn: '2026-05-01' }) },
      TODAY
    )
    assert.deepInclude(find(checks, 'out_of_service'), {
      result: 'fail',
      reason: 'Out-of-service order dated 2026-05-01',
    })
  })

  test('MCS-150: due exactly 24 months after passes on the day, fails the day after', ({
    assert,
  }) => {
    const at = (mcs150Date: string | null, mcs150Outdated: boolean | null = null) =>
      find(
        runChecks(
          subject(),
          { found: true, record: record({ mcs150Date, mcs150Outdated }) },
          TODAY
        ),
        'mcs150'
      )
    assert.deepInclude(at('2024-06-15'), {
      result: 'pass',
      reason: 'Last MCS-150 2024-06-15, next due 2026-06-15',
    })
    assert.deepInclude(at('2024-06-14'), {
      result: 'fail',
      reason: 'Last MCS-150 2024-06-14: the biennial update was due 2026-06-14',
    })
    assert.equal(at(null, true).result, 'fail')
    assert.equal(at(null, false).result, 'pass')
    assert.equal(at(null, null).result, 'warn')
  })

  test('contact: normalised phone and e-mail match; either differing fails and is named', ({
    assert,
  }) => {
    assert.equal(normalisePhone('+1 (312) 555-0148'), '3125550148')
    const at = (s: Partial<VettingSubject>, r: Partial<CensusRecord> = {}) =>
      find(runChecks(subject(s), { found: true, record: record(r) }, TODAY), 'contact_match')
    assert.deepInclude(at({ phone: '1-312-555-0148' }), {
      result: 'pass',
      reason: 'The registered phone and e-mail match the census',
    })
    assert.deepInclude(at({ phone: '(312) 555-9999' }), {
      result: 'fail',
      reason: 'The registered phone differs from the census',
    })
    assert.deepInclude(at({ phone: '(312) 555-9999', email: 'thief@example.test' }), {
      result: 'fail',
      reason: 'The registered phone and e-mail differ from the census',
    })
    assert.equal(at({}, { phone: null, email: null }).result, 'warn')
    assert.deepInclude(at({}, { phone: null }), {
      result: 'pass',
      reason: 'The registered e-mail matches the census',
    })
  })

  test('certificate: missing warns (not verified), expired fails, expiring today still passes', ({
    assert,
  }) => {
    const at = (s: Partial<VettingSubject>) =>
      runChecks(subject(s), { found: true, record: record() }, TODAY)
    const missing = at({ hasInsuranceCertificate: false, insuranceExpiresOn: null })
    assert.equal(overallResult(missing), 'warn')
    assert.isFalse(
      isVerified(
        missing,
        subject({ hasInsuranceCertificate: false, insuranceExpiresOn: null }),
        TODAY
      )
    )
    const expired = at({ insuranceExpiresOn: '2026-06-14' })
    assert.deepInclude(find(expired, 'insurance_certificate'), {
      result: 'fail',
      reason: 'The insurance certificate expired on 2026-06-14',
    })
    assert.equal(overallResult(expired), 'fail')
    const lastDay = at({ insuranceExpiresOn: TODAY })
    assert.isTrue(isVerified(lastDay, subject({ insuranceExpiresOn: TODAY }), TODAY))
  })

  test('"today" is the business day: 02:30 UTC is still yesterday in New York', ({ assert }) => {
    const clock = new FixedClock(DateTime.fromISO('2026-06-16T02:30:00Z'))
    const today = businessToday(clock)
    assert.equal(today, '2026-06-15')
    const expiresToday = runChecks(
      subject({ insuranceExpiresOn: '2026-06-15' }),
      { found: true, record: record() },
      today
    )
    assert.equal(find(expiresToday, 'insurance_certificate').result, 'pass')
  })
})
