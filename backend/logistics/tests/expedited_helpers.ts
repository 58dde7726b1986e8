/* Expedited test helpers: the request form and an EXP carrier ready to be offered jobs. */
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import ExpeditedJob from '#logistics/models/expedited_job'
import { makeUser } from '#tests/helpers'
import { makeTruck } from '#tests/factories'

export const expeditedForm = (over: Record<string, unknown> = {}) => ({
  vehicleType: 'VAN',
  slaHours: 12,
  origin: { postal: '60601' },
  destination: { postal: '48201' },
  pallets: 4,
  weightLbs: 4000,
  ...over,
})

/** An approved EXP carrier based in Chicago (its business ZIP) with a dry van. */
export async function expCarrier(truckType: 'dry_van' | 'box_truck' | 'flatbed' = 'dry_van') {
  const user = await makeUser('carrier', { isApproved: true })
  await makeTruck(user, { truckType, capacity: 20 })
  return user
}

/** A requested Chicago to Detroit van job of `shipper`, straight in the database. */
export function makeExpeditedJob(shipper: User, over: Partial<ExpeditedJob> = {}) {
  return ExpeditedJob.create({
    shipperId: shipper.id,
    vehicleType: 'VAN',
    slaHours: 24,
    originPostal: '60601',
    originCity: 'Chicago',
    originState: 'IL',
    originLatitude: 41.8858,
    originLongitude: -87.6181,
    destPostal: '48201',
    destCity: 'Detroit',
    destState: 'MI',
    destLatitude: 42.3474,
    destLongitude: -83.0604,
    pallets: 2,
    weightLbs: 2000,
    distanceMiles: 283.4,
    price: 900,
    status: 'REQUESTED',
    deadlineAt: DateTime.now().plus({ hours: 24 }),
    atRisk: false,
    slaMissed: false,
    createdAt: DateTime.now(),
    ...over,
  })
}
