import { test } from '@japa/runner'
import {
  censusDate,
  indexCensusFile,
  mapCensusCarrier,
  parseQcMobileCarrier,
} from '../drivers/census_mapper.js'

test.group('Census mapper', () => {
  test('reads QCMobile strings: Y/N, status letters, BIPD in thousands of dollars', ({
    assert,
  }) => {
    const record = mapCensusCarrier({
      dotNumber: 44,
      legalName: ' ACME ',
      statusCode: 'a',
      allowedToOperate: 'y',
      commonAuthorityStatus: 'N',
      bipdInsuranceOnFile: '750',
      bipdRequiredAmount: '750',
      mcs150Outdated: 'N',
    })
    assert.deepEqual(record, {
      dotNumber: '44',
      legalName: 'ACME',
      operatingStatus: 'active',
      allowedToOperate: true,
      authorityStatus: 'none',
      authorityGrantedOn: null,
      outOfServiceOn: null,
      liabilityInsuranceOnFileCents: 750_000_00,
      liabilityInsuranceRequiredCents: 750_000_00,
      mcs150Date: null,
      mcs150Outdated: false,
      phone: null,
      email: null,
    })
  })

  test('dates in ISO, ISO with time, and US forms; junk is null', ({ assert }) => {
    assert.equal(censusDate('2024-02-20'), '2024-02-20')
    assert.equal(censusDate('2024-02-20T00:00:00.000+0000'), '2024-02-20')
    assert.equal(censusDate('02/20/2024'), '2024-02-20')
    assert.isNull(censusDate('soon'))
    assert.isNull(censusDate(''))
  })

  test('a record without a USDOT number is skipped', ({ assert }) => {
    assert.isNull(mapCensusCarrier({ legalName: 'NO NUMBER' }))
    assert.equal(indexCensusFile({ carriers: [{ legalName: 'x' }, { dotNumber: '7' }] }).size, 1)
  })

  test('QCMobile answers: carrier, content null, and malformed bodies', ({ assert }) => {
    const found = parseQcMobileCarrier({
      content: { carrier: { dotNumber: '7', statusCode: 'A' } },
    })
    assert.deepInclude(found, { found: true })
    assert.deepEqual(parseQcMobileCarrier({ content: null }), { found: false })
    assert.deepEqual(parseQcMobileCarrier({ content: [] }), { found: false })
    assert.deepEqual(parseQcMobileCarrier('<html>'), { malformed: true })
    assert.deepEqual(parseQcMobileCarrier({ content: { carrier: 'x' } }), { malformed: true })
  })
})
