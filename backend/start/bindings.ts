/*
 * Contracts one module declares and another implements, so module dependencies point one way
 * (docs/architecture.md, "Modules"): fleet asks marketplace about bookings through FleetBookings,
 * marketplace asks payments about a booking's payment through BookingPayments, payments tells
 * the freight board about a load's card charge through FundedLoads, marketplace asks trust to
 * re-check a carrier's vetting at dispatch through DispatchVetting.
 */
import app from '@adonisjs/core/services/app'
import { FleetBookings } from '#fleet/contracts/fleet_bookings'
import { BookingPayments } from '#marketplace/contracts/booking_payments'
import { FundedLoads } from '#payments/contracts/funded_loads'
import { DispatchVetting } from '#marketplace/contracts/dispatch_vetting'

app.container.bind(FleetBookings, async (resolver) => {
  const { default: CarrierBookingsService } =
    await import('#marketplace/services/carrier_bookings_service')
  return resolver.make(CarrierBookingsService)
})

app.container.bind(BookingPayments, async (resolver) => {
  const { default: BookingPaymentsProvider } =
    await import('#payments/services/booking_payments_provider')
  return resolver.make(BookingPaymentsProvider)
})

app.container.bind(FundedLoads, async (resolver) => {
  const { default: FundedLoadsProvider } =
    await import('#freight_board/services/funded_loads_provider')
  return resolver.make(FundedLoadsProvider)
})

app.container.bind(DispatchVetting, async (resolver) => {
  const { default: DispatchVettingProvider } =
    await import('#trust/services/dispatch_vetting_provider')
  return resolver.make(DispatchVettingProvider)
})
