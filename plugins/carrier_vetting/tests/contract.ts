/**
 * The shared contract suite every carrier vetting driver passes, against the records of
 * fixtures/census.json (the census file driver reads it; the QCMobile stand-in serves it).
 */
import { test } from '@japa/runner'
import type { CarrierVettingDriver } from '../types.js'

export type ContractHarness = {
  driver: CarrierVettingDriver
  /** the same driver with its source down (file unreadable, server gone) */
  unavailable: () => CarrierVettingDriver
  close?(): Promise<void>
}

export const CLEAN_RECORD = {
  dotNumber: '1234567',
  legalName: 'CONTRACT CLEAN TRUCKING LLC',
  operatingStatus: 'active',
  allowedToOperate: true,
  authorityStatus: 'active',
  authorityGrantedOn: '2016-04-11',
  outOfServiceOn: null,
  liabilityInsuranceOnFileCents: 1_000_000_00,
  liabilityInsuranceRequiredCents: 750_000_00,
  mcs150Date: '2024-02-20',
  mcs150Outdated: false,
  phone: '(312) 555-0100',
  email: 'Dispatch@CleanTrucking.example',
}

export function carrierVettingContract(name: string, makeHarness: () => Promise<ContractHarness>) {
  test.group(`Carrier vetting contract: ${name}`, (group) => {
    let h: ContractHarness
    group.setup(async () => {
      h = await makeHarness()
      return () => h.close?.()
    })

    test('finds a carrier by its USDOT number and maps every field', async ({ assert }) => {
      const result = await h.driver.lookup('1234567')
      assert.deepEqual(result, { ok: true, found: true, record: CLEAN_RECORD })
      assert.isString(h.driver.name)
    })

    test('reads leading zeros and spaces as the same number', async ({ assert }) => {
      const result = await h.driver.lookup(' 01234567 ')
      assert.deepInclude(result, { ok: true, found: true })
    })

    test('maps a grounded carrier: not allowed, out of service, no cover, outdated MCS-150', async ({
      assert,
    }) => {
      const result = await h.driver.lookup('7654321')
      assert.isTrue(result.ok && result.found)
      if (!result.ok || !result.found) return
      assert.deepInclude(result.record, {
        operatingStatus: 'inactive',
        allowedToOperate: false,
        authorityStatus: 'inactive',
        authorityGrantedOn: '2020-03-01',
        outOfServiceOn: '2025-01-06',
        liabilityInsuranceOnFileCents: 0,
        mcs150Date: '2021-05-01',
        mcs150Outdated: true,
        phone: null,
        email: null,
      })
    })

    test('answers found: false for a number the census does not hold', async ({ assert }) => {
      assert.deepEqual(await h.driver.lookup('99999'), {
        ok: true,
        found: false,
        dotNumber: '99999',
      })
    })

    test('refuses what is not a USDOT number without asking the source', async ({ assert }) => {
      for (const bad of ['', 'MC123456', '123456789', '12-34']) {
        assert.deepInclude(await h.driver.lookup(bad), { ok: false, code: 'invalid_dot' })
      }
    })

    test('a source that is down is a typed unavailable result, never a throw', async ({
      assert,
    }) => {
      const result = await h.unavailable().lookup('1234567')
      assert.deepInclude(result, { ok: false, code: 'unavailable' })
    })
  })
}
