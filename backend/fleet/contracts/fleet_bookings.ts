/**
 * What fleet needs to know about the bookings made on its trucks and listings. Bookings belong
 * to marketplace, which depends on fleet; so fleet asks through this contract and marketplace
 * provides the answer (bound in backend/start/bindings.ts), keeping the modules acyclic.
 */
export abstract class FleetBookings {
  /** Pallets held on each listing by bookings that are not cancelled. */
  abstract bookedPalletsByListing(listingIds: number[]): Promise<Map<number, number>>
  /** How many open bookings use the truck (a truck in use is not deleted). */
  abstract openBookingsOnTruck(truckId: number): Promise<number>
}
