/* Expedited test helpers: the request form and an EXP carrier ready to be offered jobs. */
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
