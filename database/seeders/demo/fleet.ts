/*
 * The carriers' fleets and capacity: trucks added through the truck service a day after
 * signing up, and listings posted and archived through the listing service, each form
 * validated as its route validates it.
 */
import { businessYear } from '#core/business_time'
import { truckValidator } from '#fleet/validators/truck'
import { createListingValidator } from '#fleet/validators/listing'
import type { Timeline } from './timeline.js'
import type { DemoServices, DemoState } from './context.js'
import { carrierSignedUpAt } from './accounts.js'
import { APPROVED_CARRIERS, type TruckSeed } from './people.js'
import { CITIES, LANES, type LanePlan } from './plans.js'

export function planFleets(t: Timeline, services: DemoServices, state: DemoState) {
  for (const [carrier, seed] of APPROVED_CARRIERS.entries()) {
    const addedAt = carrierSignedUpAt(t, carrier).plus({ days: 1 })
    for (const [index, truck] of seed.trucks.entries()) {
      t.at(addedAt.plus({ minutes: 10 * index }), `${seed.email} adds ${truck.plate}`, async () => {
        const input = await truckForm(t, truck)
        const view = await services.trucks.create(state.userId(seed.email), input)
        state.addTruck(carrier, index, view.id)
      })
      if (truck.status) {
        t.at(t.now.minus({ days: 12 }), `${truck.plate} is marked ${truck.status}`, async () => {
          const input = await truckForm(t, truck, truck.status)
          await services.trucks.update(state.truckId(carrier, index), input)
        })
      }
    }
  }

  for (const [index, lane] of LANES.entries()) {
    const name = `lane ${index}`
    t.at(t.now.minus({ days: lane.postedDaysAgo }), `the current listing of ${name}`, () =>
      postListing(services, state, name, lane, t.day(lane.availableInDays))
    )
    if (lane.archivedDaysAgo !== undefined) {
      t.at(t.now.minus({ days: lane.archivedDaysAgo }), `the carrier archives ${name}`, () =>
        archiveListing(services, state.listing(name).id)
      )
    }
  }
}

/** The truck form (model years up to next year's, as the route checks them). */
function truckForm(t: Timeline, truck: TruckSeed, status?: TruckSeed['status']) {
  return truckValidator(businessYear(t.clock)).validate({
    make: truck.make,
    model: truck.model,
    year: truck.year,
    licensePlate: truck.plate,
    capacity: truck.capacity,
    truckType: truck.type,
    ...(status ? { status } : {}),
  })
}

/** The carrier posts a listing on a lane, available from `availableDay` (`YYYY-MM-DD`). */
export async function postListing(
  services: DemoServices,
  state: DemoState,
  name: string,
  lane: LanePlan,
  availableDay: string
) {
  const carrier = APPROVED_CARRIERS[lane.carrier]
  const input = await createListingValidator.validate({
    truckId: state.truckId(lane.carrier, lane.truck),
    pickupAddress: CITIES[lane.from],
    pickupRadius: lane.pickupRadius,
    deliveryAddress: CITIES[lane.to],
    deliveryRadius: lane.deliveryRadius,
    ratePerMilePerPallet: lane.rate,
    maxPallets: lane.maxPallets,
    availableDate: availableDay,
  })
  state.addListing(name, await services.listings.create(state.userId(carrier.email), input))
}

/** The carrier archives a listing it no longer offers (expired). */
export function archiveListing(services: DemoServices, listingId: number) {
  return services.listings.changeStatus(listingId, 'expired')
}
