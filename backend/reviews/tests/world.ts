/* Test worlds for reviews: a completed booking between a shipper and an approved carrier. */
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import type User from '#accounts/models/user'
import type Booking from '#marketplace/models/booking'
import { makeUser } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import RatingSummaryService from '#reviews/services/rating_summary_service'

/** Whole seconds: SQLite keeps timestamps to the second. */
export const DELIVERED_AT = DateTime.fromISO('2030-03-04T15:00:00.000Z')
export const COMPLETED_AT = DELIVERED_AT.plus({ hours: 5 })
/** The window of a booking completed at COMPLETED_AT. */
export const CLOSES_AT = COMPLETED_AT.plus({ days: 14 })

export const SHIPPER_REVIEW = {
  onTime: 5,
  communication: 4,
  careOfFreight: 3,
  comment: 'On time, freight intact, answered every call.',
}
export const CARRIER_REVIEW = {
  loadingTime: 2,
  descriptionAccuracy: 4,
  payment: 5,
  comment: 'Two hours of detention at the dock, otherwise as described.',
}

export type World = {
  shipper: User
  carrierUser: User
  carrierId: number
  booking: Booking
}

/** A delivered booking the shipper completed, unless told otherwise. */
export async function completedBooking(
  overrides: Partial<Booking> = {},
  parties: Partial<Pick<World, 'shipper' | 'carrierUser'>> = {}
): Promise<World> {
  const shipper = parties.shipper ?? (await makeUser('shipper'))
  const carrierUser = parties.carrierUser ?? (await makeUser('carrier', { isApproved: true }))
  const listing = await makeListing(carrierUser)
  const booking = await makeBooking(shipper, listing, {
    status: 'delivered',
    deliveredAt: DELIVERED_AT,
    completedAt: COMPLETED_AT,
    ...overrides,
  })
  return { shipper, carrierUser, carrierId: (await carrierOf(carrierUser)).id, booking }
}

export async function summaries() {
  return app.container.make(RatingSummaryService)
}
