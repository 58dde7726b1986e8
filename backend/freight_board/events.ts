/** What the freight board tells live boards: a load changed, never who posted it. */
export type FreightBoardChange = {
  type:
    | 'posted'
    | 'funded'
    | 'held'
    | 'released'
    | 'claimed'
    | 'cancelled'
    | 'expired'
    | 'reopened'
    | 'invited'
  id: number
}

/** An offer on a load went through a step (docs/decisions/0234): both parties are told. */
export type OfferChange = {
  offerId: number
  listingId: number
  change: 'made' | 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'closed'
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'freight:changed': FreightBoardChange
    'freight:offer': OfferChange
  }
}
