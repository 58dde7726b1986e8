/** Shared set-up of the trust specs: carriers with census records the test census answers. */
import { cleanRecord, type CensusRecord } from '#plugins/carrier_vetting/main'
import type User from '#accounts/models/user'
import CarrierVetting from '#trust/models/carrier_vetting'
import { businessDayFromToday, makeUser } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { testCensus } from '#tests/vetting'

/** A census record that matches `user`'s registration and passes every check today. */
export async function censusFor(user: User, overrides: Partial<CensusRecord> = {}) {
  const carrier = await carrierOf(user)
  return {
    ...cleanRecord(carrier.dotNumber!, businessDayFromToday()),
    legalName: carrier.companyName.toUpperCase(),
    phone: user.phone,
    email: user.email.toUpperCase(),
    ...overrides,
  }
}

/**
 * An approved carrier whose census record the test sets, without the factory's ready-made
 * vetting, so the first dispatch or admin run reads the census.
 */
export async function carrierWithCensus(overrides: Partial<CensusRecord> = {}) {
  const user = await makeUser('carrier', { isApproved: true })
  const carrier = await carrierOf(user)
  testCensus.set(await censusFor(user, overrides))
  await CarrierVetting.query().where('carrierId', carrier.id).delete()
  return { user, carrier }
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')
export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
