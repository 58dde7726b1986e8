/** A carrier published a capacity listing (docs/decisions/0239): shippers' saved searches match it. */
export type CapacityPublished = { listingId: number }

declare module '@adonisjs/core/types' {
  interface EventsList {
    'capacity:published': CapacityPublished
  }
}
