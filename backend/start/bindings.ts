/*
 * Contracts one module declares and another implements, so module dependencies point one way
 * (docs/architecture.md, "Modules"): fleet asks marketplace about bookings through FleetBookings.
 */
import app from '@adonisjs/core/services/app'
import { FleetBookings } from '#fleet/contracts/fleet_bookings'

app.container.bind(FleetBookings, async (resolver) => {
  const { default: CarrierBookingsService } =
    await import('#marketplace/services/carrier_bookings_service')
  return resolver.make(CarrierBookingsService)
})
